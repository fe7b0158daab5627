import toast from 'react-hot-toast';
import type { MyProduct } from '#shared/products';
import { Badge } from '#client/components/Badge';
import { Button } from '#client/components/Button';
import { useResubmitListing } from './api/moderation';

const STATES: Record<string, string> = {
  hidden: 'Hidden by a moderator',
  removed: 'Removed by a moderator',
  changes_requested: 'Changes requested',
  suspended: 'Off sale: account suspended',
};

/** In My Products: a listing a moderator keeps off sale, why, and (when asked to change) Resubmit. */
export function ListingModeration({ product }: { product: MyProduct }) {
  const resubmit = useResubmitListing();
  if (!product.moderation) return null;
  const { state, reason } = product.moderation;
  return (
    <span className="flex max-w-64 flex-col items-start gap-1 @max-4xl:items-end">
      <Badge tone="danger">{STATES[state] ?? state}</Badge>
      {reason && <span className="text-xs text-ink-600">{reason}</span>}
      {state === 'changes_requested' && (
        <Button
          size="sm"
          variant="secondary"
          loading={resubmit.isPending}
          onClick={() =>
            resubmit.mutate(product._id, {
              onSuccess: () =>
                toast.success('Resubmitted: the phone is on sale again, and a moderator will look at it.'),
              onError: (error) => toast.error(error.message),
            })
          }
        >
          Resubmit
        </Button>
      )}
    </span>
  );
}
