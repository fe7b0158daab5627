import { useState } from 'react';
import type { DealReviewState } from '#shared/reviews';
import { Button } from '#client/components/Button';
import { useT } from '#client/i18n';
import { DealReviewDialog } from './DealReviewDialog';

/**
 * A sold deal's way to its reviews, in My orders and Booking requests: "Leave a review" while the
 * caller's is still to write within the 14 days, "Reviews" after (to read the other's and reply).
 */
export function DealReviewButton({ bookingId, review }: { bookingId: string; review: DealReviewState | null }) {
  const [open, setOpen] = useState(false);
  const t = useT();
  if (!review) return null;
  const toWrite = !review.written && Date.now() <= Date.parse(review.openUntil);
  return (
    <>
      <Button size="sm" variant={toWrite ? 'primary' : 'secondary'} onClick={() => setOpen(true)}>
        {t(toWrite ? 'reviews.button.leave' : 'reviews.button.reviews')}
      </Button>
      <DealReviewDialog bookingId={open ? bookingId : null} onClose={() => setOpen(false)} />
    </>
  );
}
