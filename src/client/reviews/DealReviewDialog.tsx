import { useState } from 'react';
import type { DealReviews } from '#shared/reviews';
import { Button } from '#client/components/Button';
import { FormError } from '#client/components/FormField';
import { Modal } from '#client/components/Modal';
import { Spinner } from '#client/components/Spinner';
import { useDealReviews } from './api/reviews';
import { ReplyForm } from './ReplyForm';
import { ReportReviewDialog } from './ReportReviewDialog';
import { ReviewCard } from './ReviewCard';
import { ReviewForm } from './ReviewForm';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** A sold deal's reviews, from My orders or Booking requests: write one's own, read and answer the other's. */
export function DealReviewDialog({ bookingId, onClose }: { bookingId: string | null; onClose: () => void }) {
  const reviews = useDealReviews(bookingId);
  const deal = reviews.data;
  return (
    <Modal
      open={bookingId !== null}
      onClose={onClose}
      title={deal ? `Review ${deal.otherName}` : 'Reviews'}
      description={
        deal &&
        `${deal.productName}. Reviews show once both of you wrote one, or when the 14 days end on ${day(deal.openUntil)}.`
      }
      className="max-w-xl"
    >
      {reviews.isPending && bookingId !== null && <Spinner label="Loading the reviews" />}
      <FormError message={reviews.error?.message} />
      {deal && bookingId && <DealReviewsBody bookingId={bookingId} deal={deal} />}
    </Modal>
  );
}

function DealReviewsBody({ bookingId, deal }: { bookingId: string; deal: DealReviews }) {
  const [reporting, setReporting] = useState<string | null>(null);
  const { mine, theirs } = deal;
  return (
    <div className="space-y-6">
      {deal.canWrite && <ReviewForm bookingId={bookingId} side={deal.side} />}
      {mine && (
        <section aria-label="Your review" className="space-y-2">
          <h3 className="text-sm font-semibold text-ink-700">Your review</h3>
          {!mine.publishedAt && (
            <p className="text-sm text-ink-600">
              Saved. It is published when {deal.otherName} has written theirs, or on {day(deal.openUntil)}.
            </p>
          )}
          <ReviewCard review={mine} />
        </section>
      )}
      {!deal.canWrite && !mine && <p className="text-sm text-ink-600">The time to review this deal has ended.</p>}
      <section aria-label={`${deal.otherName}'s review`} className="space-y-2">
        <h3 className="text-sm font-semibold text-ink-700">{deal.otherName}&rsquo;s review of you</h3>
        {theirs ? (
          <>
            <ReviewCard
              review={theirs}
              actions={
                !theirs.hiddenReason && (
                  <Button size="sm" variant="secondary" onClick={() => setReporting(theirs._id)}>
                    Report
                  </Button>
                )
              }
            />
            {!theirs.reply && !theirs.hiddenReason && <ReplyForm reviewId={theirs._id} />}
          </>
        ) : (
          <p className="text-sm text-ink-600">
            {deal.theirsWritten
              ? `${deal.otherName} has written theirs: you can read it once yours is written, or after the 14 days.`
              : `${deal.otherName} has not reviewed you yet.`}
          </p>
        )}
      </section>
      <ReportReviewDialog reviewId={reporting} onClose={() => setReporting(null)} />
    </div>
  );
}
