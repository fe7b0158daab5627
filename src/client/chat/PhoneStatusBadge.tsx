import type { PhoneStatus } from '#shared/chat';
import { Badge, type BadgeTone } from '#client/components/Badge';

const TONES: Record<PhoneStatus, BadgeTone> = {
  Available: 'success',
  Reserved: 'info',
  Sold: 'neutral',
  Hidden: 'warning',
  Removed: 'neutral',
};

/** What the phone of a conversation is now. */
export function PhoneStatusBadge({ status }: { status: PhoneStatus }) {
  return <Badge tone={TONES[status]}>{status}</Badge>;
}
