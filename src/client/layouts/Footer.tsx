import { Link } from 'react-router';
import { Logo } from '#client/components/Logo';
import { helpLinks } from '#client/help/helpLinks';
import { Msg, useLocale } from '#client/i18n';

const CONTACT_PHONE = '+880 1700 000 000';
const CONTACT_EMAIL = 'support@phonehaat.com';

/** The year the spec's footer names. */
const COPYRIGHT_YEAR = 2022;

export function Footer() {
  const { localePath } = useLocale();
  return (
    <footer className="mt-auto bg-ink-950 text-ink-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3 lg:px-8">
        <div className="space-y-3">
          <Logo tone="light" />
          <p className="max-w-xs text-sm leading-relaxed">
            <Msg id="layouts.footer.about" values={{ years: 10 }} />
          </p>
        </div>
        <address className="space-y-2 text-sm not-italic">
          <h2 className="mb-3 text-sm font-semibold tracking-wide text-white uppercase">
            <Msg id="layouts.footer.contact" />
          </h2>
          <p>
            <Msg id="layouts.footer.phone" />{' '}
            <a translate="no" className="hover:text-white" href={`tel:${CONTACT_PHONE.replace(/\s/g, '')}`}>
              {CONTACT_PHONE}
            </a>
          </p>
          <p>
            <Msg id="layouts.footer.email" />{' '}
            <a translate="no" className="hover:text-white" href={`mailto:${CONTACT_EMAIL}`}>
              {CONTACT_EMAIL}
            </a>
          </p>
          <p>
            <Msg id="layouts.footer.address" />
          </p>
        </address>
        <div>
          <h2 className="mb-3 text-sm font-semibold tracking-wide text-white uppercase">
            <Msg id="layouts.footer.help" />
          </h2>
          <ul className="space-y-2 text-sm">
            {helpLinks.map((link) => (
              <li key={link.to}>
                <Link className="hover:text-white" to={localePath(link.to)}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-ink-400 sm:px-6 lg:px-8">
          <Msg id="layouts.footer.copyright" values={{ year: COPYRIGHT_YEAR }} />
        </p>
      </div>
    </footer>
  );
}
