import { useState } from 'react';
import { toast } from '#client/components/toast';
import { REVIEW_REPORT_REASONS, type ReviewReportReason } from '#shared/reviews';
import { FormError } from '#client/components/FormField';
import { DialogActions, Modal } from '#client/components/Modal';
import { useT, type MessageId } from '#client/i18n';
import { useReportReview } from './api/reviews';

/** Why a review is reported, by the catalog's words. */
export const REPORT_REASON_LABELS: Record<ReviewReportReason, MessageId> = {
  extortion: 'reviews.reportReason.extortion',
  off_topic: 'reviews.reportReason.off_topic',
  personal_information: 'reviews.reportReason.personal_information',
};

/** Asks why a review is reported: extortion, off topic or personal information. */
export function ReportReviewDialog({ reviewId, onClose }: { reviewId: string | null; onClose: () => void }) {
  const [reason, setReason] = useState<ReviewReportReason | null>(null);
  const report = useReportReview();
  const t = useT();
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
          toast.success(t('reviews.report.thanks'));
          close();
        },
      },
    );
  };
  return (
    <Modal open={reviewId !== null} onClose={close} texts="reviews.report">
      <fieldset className="space-y-2">
        <legend className="sr-only">{t('reviews.report.reason')}</legend>
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
            {t(REPORT_REASON_LABELS[value])}
          </label>
        ))}
      </fieldset>
      <FormError message={report.error?.message} className="mt-3" />
      <DialogActions
        cancelText={t('reviews.report.cancel')}
        onCancel={close}
        confirmText={t('reviews.report.send')}
        busy={report.isPending}
        disabled={!reason}
        onConfirm={send}
        className="mt-5"
      />
    </Modal>
  );
}
