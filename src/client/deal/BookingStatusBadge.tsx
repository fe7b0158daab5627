import type { BookingStatus } from '#shared/bookings';
import { type BadgeTone, MessageBadge } from '#client/components/Badge';
import { Msg } from '#client/i18n';

const TONE: Record<BookingStatus, BadgeTone> = {
  requested: 'warning',
  accepted: 'success',
  declined: 'neutral',
  cancelled: 'neutral',
  expired: 'neutral',
  sold: 'info',
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
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <MessageBadge tone={TONE[status]} message={`deal.badge.${side}.${status}`} />
      {reason && (
        <span className="max-w-56 text-xs text-ink-500">
          <Msg id="deal.badge.reason" values={{ reason, quote: (chunks) => <span translate="no">{chunks}</span> }} />
        </span>
      )}
    </span>
  );
}
