import { useState } from 'react';
import type { DealReviews } from '#shared/reviews';
import { Button } from '#client/components/Button';
import { FormError } from '#client/components/FormField';
import { Modal } from '#client/components/Modal';
import { Spinner } from '#client/components/Spinner';
import { UserText } from '#client/components/UserText';
import { Msg, useFormat, useT } from '#client/i18n';
import { useDealReviews } from './api/reviews';
import { ReplyForm } from './ReplyForm';
import { ReportReviewDialog } from './ReportReviewDialog';
import { ReviewCard } from './ReviewCard';
import { ReviewForm } from './ReviewForm';

/** A sold deal's reviews, from My orders or Booking requests: write one's own, read and answer the other's. */
export function DealReviewDialog({ bookingId, onClose }: { bookingId: string | null; onClose: () => void }) {
  const reviews = useDealReviews(bookingId);
  const deal = reviews.data;
  const t = useT();
  const format = useFormat();
  return (
    <Modal
      open={bookingId !== null}
      onClose={onClose}
      title={deal ? t('reviews.deal.title', { name: deal.otherName }) : t('reviews.deal.titleNoName')}
      description={
        deal && t('reviews.deal.description', { product: deal.productName, date: format.date(deal.openUntil) })
      }
      className="max-w-xl"
    >
      {reviews.isPending && bookingId !== null && <Spinner label={t('reviews.deal.loading')} />}
      <FormError message={reviews.error?.message} />
      {deal && bookingId && <DealReviewsBody bookingId={bookingId} deal={deal} />}
    </Modal>
  );
}

function DealReviewsBody({ bookingId, deal }: { bookingId: string; deal: DealReviews }) {
  const [reporting, setReporting] = useState<string | null>(null);
  const { mine, theirs } = deal;
  const t = useT();
  const format = useFormat();
  const other = <UserText>{deal.otherName}</UserText>;
  return (
    <div className="space-y-6">
      {deal.canWrite && <ReviewForm bookingId={bookingId} side={deal.side} />}
      {mine && (
        <section aria-label={t('reviews.deal.yours')} className="space-y-2">
          <h3 className="text-sm font-semibold text-ink-700">{t('reviews.deal.yours')}</h3>
          {!mine.publishedAt && (
            <p className="text-sm text-ink-600">
              <Msg id="reviews.deal.savedPending" values={{ name: other, date: format.date(deal.openUntil) }} />
            </p>
          )}
          <ReviewCard review={mine} />
        </section>
      )}
      {!deal.canWrite && !mine && <p className="text-sm text-ink-600">{t('reviews.deal.ended')}</p>}
      <section aria-label={t('reviews.deal.theirsLabel', { name: deal.otherName })} className="space-y-2">
        <h3 className="text-sm font-semibold text-ink-700">
          <Msg id="reviews.deal.theirsHeading" values={{ name: other }} />
        </h3>
        {theirs ? (
          <>
            <ReviewCard
              review={theirs}
              actions={
                !theirs.hiddenReason && (
                  <Button size="sm" variant="secondary" onClick={() => setReporting(theirs._id)}>
                    {t('reviews.deal.report')}
                  </Button>
                )
              }
            />
            {!theirs.reply && !theirs.hiddenReason && <ReplyForm reviewId={theirs._id} />}
          </>
        ) : (
          <p className="text-sm text-ink-600">
            <Msg
              id={deal.theirsWritten ? 'reviews.deal.theirsWritten' : 'reviews.deal.notYet'}
              values={{ name: other }}
            />
          </p>
        )}
      </section>
      <ReportReviewDialog reviewId={reporting} onClose={() => setReporting(null)} />
    </div>
  );
}
