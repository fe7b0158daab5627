import { useState } from 'react';
import toast from 'react-hot-toast';
import { REVIEW_REPORT_REASONS, reviewReportReasonLabels, type ReviewReportReason } from '#shared/reviews';
import { Button } from '#client/components/Button';
import { FormError } from '#client/components/FormField';
import { Modal } from '#client/components/Modal';
import { useReportReview } from './api/reviews';

/** Asks why a review is reported: extortion, off topic or personal information. */
export function ReportReviewDialog({ reviewId, onClose }: { reviewId: string | null; onClose: () => void }) {
  const [reason, setReason] = useState<ReviewReportReason | null>(null);
  const report = useReportReview();
  const close = () => {
    setReason(null);
    report.reset();
    onClose();
  };
  const send = () => {
    if (!reviewId || !reason) return;
    report.mutate(
      { id: reviewId, reason },
      {
        onSuccess: () => {
          toast.success('Thank you. An admin will look at this review.');
          close();
        },
      },
    );
  };
  return (
    <Modal
      open={reviewId !== null}
      onClose={close}
      title="Report this review"
      description="Why should an admin look at it?"
    >
      <fieldset className="space-y-2">
        <legend className="sr-only">Reason</legend>
        {REVIEW_REPORT_REASONS.map((value) => (
          <label
            key={value}
            className="flex items-center gap-3 rounded-control border border-ink-200 px-3 py-2.5 text-sm"
          >
            <input
              type="radio"
              name="review-report-reason"
              value={value}
              checked={reason === value}
              onChange={() => setReason(value)}
              className="size-4 accent-brand-600"
            />
            {reviewReportReasonLabels[value]}
          </label>
        ))}
      </fieldset>
      <FormError message={report.error?.message} className="mt-3" />
      <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={close}>
          Cancel
        </Button>
        <Button type="button" variant="danger" disabled={!reason} loading={report.isPending} onClick={send}>
          Report
        </Button>
      </div>
    </Modal>
  );
}
