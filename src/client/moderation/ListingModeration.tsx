import { toast } from '#client/components/toast';
import type { MyProduct } from '#shared/products';
import { Badge } from '#client/components/Badge';
import { Button } from '#client/components/Button';
import { useT, type MessageId } from '#client/i18n';
import { useResubmitListing } from './api/moderation';
import { GivenReason } from './GivenReason';

const STATES: Record<string, MessageId> = {
  hidden: 'moderation.listing.hidden',
  removed: 'moderation.listing.removed',
  changes_requested: 'moderation.listing.changes_requested',
  suspended: 'moderation.listing.suspended',
};

/** In My Products: a listing a moderator keeps off sale, why, and (when asked to change) Resubmit. */
export function ListingModeration({ product }: { product: MyProduct }) {
  const resubmit = useResubmitListing();
  const t = useT();
  if (!product.moderation) return null;
  const { state, reasonCode, note } = product.moderation;
  return (
    <span className="flex max-w-64 flex-col items-start gap-1 @max-4xl:items-end">
      <Badge tone="danger">{Object.hasOwn(STATES, state) ? t(STATES[state]!) : state}</Badge>
      {(reasonCode || note) && (
        <span className="text-xs text-ink-600">
          <GivenReason given={{ code: reasonCode, note }} />
        </span>
      )}
      {state === 'changes_requested' && (
        <Button
          size="sm"
          variant="secondary"
          loading={resubmit.isPending}
          onClick={() =>
            // mutateAsync: the refetched listing's new state hides this button before the mutation settles.
            resubmit.mutateAsync(product._id).then(
              () => toast.success(t('moderation.listing.resubmitted')),
              (error: Error) => toast.error(error.message),
            )
          }
        >
          {t('moderation.listing.resubmit')}
        </Button>
      )}
    </span>
  );
}
