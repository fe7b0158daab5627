import { Link } from 'react-router';
import { Logo } from '#client/components/Logo';
import { helpLinks } from '#client/help/helpLinks';

const CONTACT_PHONE = '+880 1700 000 000';
const CONTACT_EMAIL = 'support@phonehaat.com';

export function Footer() {
  return (
    <footer className="mt-auto bg-ink-950 text-ink-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3 lg:px-8">
        <div className="space-y-3">
          <Logo tone="light" />
          <p className="max-w-xs text-sm leading-relaxed">
            We have been selling second-hand phones online for 10 years. Get any phone service from us.
          </p>
        </div>
        <address className="space-y-2 text-sm not-italic">
          <h2 className="mb-3 text-sm font-semibold tracking-wide text-white uppercase">Contact</h2>
          <p>
            Phone:{' '}
            <a className="hover:text-white" href={`tel:${CONTACT_PHONE.replace(/\s/g, '')}`}>
              {CONTACT_PHONE}
            </a>
          </p>
          <p>
            Email:{' '}
            <a className="hover:text-white" href={`mailto:${CONTACT_EMAIL}`}>
              {CONTACT_EMAIL}
            </a>
          </p>
          <p>Rangpur Bangladesh</p>
        </address>
        <div>
          <h2 className="mb-3 text-sm font-semibold tracking-wide text-white uppercase">Help</h2>
          <ul className="space-y-2 text-sm">
            {helpLinks.map((link) => (
              <li key={link.to}>
                <Link className="hover:text-white" to={link.to}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-ink-400 sm:px-6 lg:px-8">
          Copyright © 2022 PhoneHaat. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
