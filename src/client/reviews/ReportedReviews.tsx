import { useState } from 'react';
import { toast } from '#client/components/toast';
import { hideReviewSchema, type ReportedReview } from '#shared/reviews';
import { Button } from '#client/components/Button';
import type { Column } from '#client/components/DataTable';
import { confirmAction } from '#client/components/dialogs';
import { useRowAction } from '#client/components/rowAction';
import { TablePage } from '#client/components/TablePage';
import { UserText } from '#client/components/UserText';
import { useT, type Translate } from '#client/i18n';
import { ReasonDialog } from '#client/deal/ReasonDialog';
import { useModerateReview, useReportedReviews } from './api/reviews';
import { REPORT_REASON_LABELS } from './ReportReviewDialog';
import { Stars } from './Stars';

const starsOf = (review: ReportedReview) =>
  [review.asDescribed, review.communication, review.punctuality, review.paidAsAgreed].filter(
    (value): value is number => value !== null,
  );

const average = (values: number[]) => Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10;

const confirmDismiss = (t: Translate) => () =>
  confirmAction({
    title: t('reviews.admin.keepTitle'),
    text: t('reviews.admin.keepText'),
    confirmText: t('reviews.admin.keepConfirm'),
  });

/** The admin's reported reviews: each with its reports by reason; hidden with a reason, or kept. */
export function ReportedReviews() {
  const reviews = useReportedReviews();
  const t = useT();
  const [hiding, setHiding] = useState<ReportedReview | null>(null);
  const moderate = useRowAction(useModerateReview(), {
    onDone: (_result, { hide }) => {
      setHiding(null);
      toast.success(t(hide ? 'reviews.admin.hidden' : 'reviews.admin.dismissed'));
    },
    rowOf: ({ id }) => id,
  });

  const columns: ReadonlyArray<Column<ReportedReview>> = [
    {
      header: t('reviews.admin.review'),
      kind: 'title',
      cell: (review) => (
        <span className="flex flex-col gap-1">
          <Stars value={average(starsOf(review))} />
          <span className="text-sm wrap-anywhere text-ink-800">
            {review.comment ? <UserText>{review.comment}</UserText> : t('reviews.admin.noComment')}
          </span>
        </span>
      ),
    },
    {
      header: t('reviews.admin.byAbout'),
      className: 'text-ink-700',
      cell: (review) => (
        <UserText>
          {review.authorName} → {review.subjectName}
        </UserText>
      ),
    },
    {
      header: t('reviews.admin.reports'),
      cell: (review) =>
        review.reports
          .map((report) =>
            t('reviews.admin.reportCount', { reason: t(REPORT_REASON_LABELS[report.reason]), count: report.count }),
          )
          .join(', '),
    },
    {
      header: t('reviews.admin.action'),
      kind: 'actions',
      cell: (review) => (
        <>
          <Button size="sm" variant="danger" onClick={() => setHiding(review)}>
            {t('reviews.admin.hide')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            loading={moderate.runningFor(review._id) && !hiding}
            onClick={() => moderate.run({ id: review._id }, confirmDismiss(t))}
          >
            {t('reviews.admin.keep')}
          </Button>
        </>
      ),
    },
  ];

  return (
    <TablePage texts="reviews.admin" query={reviews} emptyDescription={t('reviews.admin.emptyText')} columns={columns}>
      <ReasonDialog
        request={
          hiding && {
            title: t('reviews.admin.hideTitle'),
            description: t('reviews.admin.hideText', { subject: hiding.subjectName, author: hiding.authorName }),
            confirmText: t('reviews.admin.hideConfirm'),
            required: true,
          }
        }
        busy={hiding !== null && moderate.runningFor(hiding._id)}
        onClose={() => setHiding(null)}
        onConfirm={(reason) => {
          if (!hiding) return;
          const parsed = hideReviewSchema.safeParse({ reason });
          if (parsed.success) moderate.run({ id: hiding._id, hide: parsed.data });
        }}
      />
    </TablePage>
  );
}
