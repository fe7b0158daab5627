import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Msg } from '#client/i18n';

interface AuthCardProps {
  title: string;
  lead: string;
  children: ReactNode;
  /** The line under the card that points to the other form. */
  footer: ReactNode;
}

/** The frame both sign-in screens share: a centred card on a quiet background. */
export function AuthCard({ title, lead, children, footer }: AuthCardProps) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-ink-50 px-4 py-10 sm:py-16">
      <div className="mx-auto w-full max-w-md">
        <div className="rounded-card border border-ink-200 bg-white p-6 shadow-raised sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          <p className="mt-1.5 text-sm text-ink-500">{lead}</p>
          <div className="mt-6">{children}</div>
        </div>
        <p className="mt-6 text-center text-sm text-ink-600">{footer}</p>
      </div>
    </div>
  );
}

/** The "or" rule between the password form and the Google button. */
export function OrDivider() {
  return (
    <div
      className="my-5 flex items-center gap-3 text-xs font-medium tracking-wide text-ink-500 uppercase"
      aria-hidden="true"
    >
      <span className="h-px flex-1 bg-ink-200" />
      <Msg id="accounts.auth.or" />
      <span className="h-px flex-1 bg-ink-200" />
    </div>
  );
}

/** A link in a sign-in screen's footer: to the other form, or back. */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-semibold text-brand-700 hover:text-brand-800">
      {children}
    </Link>
  );
}
