import type { BookingStatus } from '#shared/bookings';
import { Badge, type BadgeTone } from '#client/components/Badge';

const LOOK: Record<BookingStatus, { tone: BadgeTone; seller: string; buyer: string }> = {
  requested: { tone: 'warning', seller: 'New request', buyer: 'Requested' },
  accepted: { tone: 'success', seller: 'Accepted', buyer: 'Accepted' },
  declined: { tone: 'neutral', seller: 'Declined', buyer: 'Declined' },
  cancelled: { tone: 'neutral', seller: 'Cancelled', buyer: 'Cancelled' },
  expired: { tone: 'neutral', seller: 'Expired', buyer: 'Expired' },
  sold: { tone: 'info', seller: 'Sold', buyer: 'Sold to you' },
};

/** A booking's state in the words of the side that reads it, with the reason when there is one. */
export function BookingStatusBadge({
  status,
  reason,
  side,
}: {
  status: BookingStatus;
  reason: string | null;
  side: 'seller' | 'buyer';
}) {
  const look = LOOK[status];
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Badge tone={look.tone}>{look[side]}</Badge>
      {reason && <span className="max-w-56 text-xs text-ink-500">“{reason}”</span>}
    </span>
  );
}
