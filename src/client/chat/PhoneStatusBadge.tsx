import type { PhoneStatus } from '#shared/chat';
import { Badge, type BadgeTone } from '#client/components/Badge';
import { useT, type MessageId } from '#client/i18n';

const LABELS: Record<PhoneStatus, MessageId> = {
  Available: 'chat.status.Available',
  Reserved: 'chat.status.Reserved',
  Sold: 'chat.status.Sold',
  Hidden: 'chat.status.Hidden',
  Removed: 'chat.status.Removed',
};

const TONES: Record<PhoneStatus, BadgeTone> = {
  Available: 'success',
  Reserved: 'info',
  Sold: 'neutral',
  Hidden: 'warning',
  Removed: 'neutral',
};

/** What the phone of a conversation is now. */
export function PhoneStatusBadge({ status }: { status: PhoneStatus }) {
  const t = useT();
  return <Badge tone={TONES[status]}>{t(LABELS[status])}</Badge>;
}
