import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '#shared/messages';
import { Msg, useT, type MessageId, type TextsWith } from '#client/i18n';

/** A prefix with a screen's title and lead (`accounts.forgot` for accounts.forgot.title and .lead). */
export type AuthTexts = TextsWith<'lead', 'title' | 'lead'>;

type AuthCardProps = ({ texts: AuthTexts } | { title: string; lead: string }) & {
  children: ReactNode;
  /** The line under the card that points to the other form. */
  footer: ReactNode;
};

/**
 * The frame the sign-in screens and the pages opened from a mail share: a centred card on a quiet
 * background. Its title and lead are a screen's `texts` (the title may name the product), or given.
 */
export function AuthCard({ children, footer, ...heading }: AuthCardProps) {
  const t = useT();
  // AuthTexts guarantees both messages; TypeScript cannot follow that through the template.
  const { title, lead } =
    'texts' in heading
      ? {
          title: t(`${heading.texts}.title` as MessageId, { product: PRODUCT_NAME }),
          lead: t(`${heading.texts}.lead` as MessageId),
        }
      : heading;
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

/** A link in a sign-in screen's footer, to the other form or back: a message's chunk, or its `text`. */
export function AuthLink({ to, children, text }: { to: string; children?: ReactNode; text?: MessageId }) {
  return (
    <Link to={to} className="font-semibold text-brand-700 hover:text-brand-800">
      {text ? <Msg id={text} /> : children}
    </Link>
  );
}
