import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from '#client/components/cx';
import { paths } from '#shared/paths';

/** Each state of a listing that takes Book Now's place, in its own colour. */
const tones = {
  sold: 'bg-ink-100 font-medium text-ink-700',
  warning: 'border border-amber-200 bg-amber-50 text-amber-900',
  done: 'border border-emerald-200 bg-emerald-50 text-emerald-900',
  quiet: 'border border-ink-200 bg-ink-50 text-ink-700',
  info: 'border border-sky-200 bg-sky-50 text-sky-900',
} as const;

/** The line a listing's page shows instead of Book Now (sold, hidden, booked, yours, reserved). */
export function Note({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  return <p className={cx('rounded-control px-4 py-3 text-sm', tones[tone])}>{children}</p>;
}

/** A message's <b> chunk. */
export const bold = (chunks: ReactNode) => <span className="font-semibold">{chunks}</span>;

/** The <link> chunk of the booked note: to the buyer's orders. */
export const myOrdersLink = (chunks: ReactNode) => (
  <Link to={paths.myOrders} className="font-semibold underline underline-offset-2 hover:text-emerald-700">
    {chunks}
  </Link>
);

/** The <link> chunk of the seller's own note: to their booking requests. */
export const bookingRequestsLink = (chunks: ReactNode) => (
  <Link to={paths.bookingRequests} className="font-semibold text-brand-700 underline underline-offset-2">
    {chunks}
  </Link>
);
