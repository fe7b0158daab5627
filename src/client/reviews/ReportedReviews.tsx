import { useState } from 'react';
import toast from 'react-hot-toast';
import { hideReviewSchema, reviewReportReasonLabels, type ReportedReview } from '#shared/reviews';
import { Button } from '#client/components/Button';
import type { Column } from '#client/components/DataTable';
import { confirmAction } from '#client/components/dialogs';
import { useRowAction } from '#client/components/rowAction';
import { TablePage } from '#client/components/TablePage';
import { ReasonDialog } from '#client/deal/ReasonDialog';
import { useModerateReview, useReportedReviews } from './api/reviews';
import { Stars } from './Stars';

const starsOf = (review: ReportedReview) =>
  [review.asDescribed, review.communication, review.punctuality, review.paidAsAgreed].filter(
    (value): value is number => value !== null,
  );

const average = (values: number[]) => Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10;

const confirmDismiss = () =>
  confirmAction({
    title: 'Keep this review?',
    text: 'It stays published and leaves this list. Reports filed later bring it back.',
    confirmText: 'Yes, keep it',
  });

/** The admin's reported reviews: each with its reports by reason; hidden with a reason, or kept. */
export function ReportedReviews() {
  const reviews = useReportedReviews();
  const [hiding, setHiding] = useState<ReportedReview | null>(null);
  const moderate = useRowAction(useModerateReview(), {
    onDone: (_result, { hide }) => {
      setHiding(null);
      toast.success(hide ? 'Review hidden. Its text is kept as it was.' : 'Reports dismissed. The review stays.');
    },
    rowOf: ({ id }) => id,
  });

  const columns: ReadonlyArray<Column<ReportedReview>> = [
    {
      header: 'Review',
      kind: 'title',
      cell: (review) => (
        <span className="flex flex-col gap-1">
          <Stars value={average(starsOf(review))} />
          <span className="text-sm wrap-anywhere text-ink-800">{review.comment || 'No comment'}</span>
        </span>
      ),
    },
    {
      header: 'By → about',
      className: 'text-ink-700',
      cell: (review) => `${review.authorName} → ${review.subjectName}`,
    },
    {
      header: 'Reports',
      cell: (review) =>
        review.reports.map((report) => `${reviewReportReasonLabels[report.reason]} ×${report.count}`).join(', '),
    },
    {
      header: 'Action',
      kind: 'actions',
      cell: (review) => (
        <>
          <Button size="sm" variant="danger" onClick={() => setHiding(review)}>
            Hide
          </Button>
          <Button
            size="sm"
            variant="secondary"
            loading={moderate.runningFor(review._id) && !hiding}
            onClick={() => moderate.run({ id: review._id }, confirmDismiss)}
          >
            Keep
          </Button>
        </>
      ),
    },
  ];

  return (
    <TablePage
      title="Reported reviews"
      description="Reviews that someone reported. Hide one with a reason its two people read; a review is never edited."
      query={reviews}
      noun="reported reviews"
      emptyTitle="No reported review"
      emptyDescription="When someone reports a review, it shows up here."
      caption="Reported reviews"
      columns={columns}
    >
      <ReasonDialog
        request={
          hiding && {
            title: 'Hide this review?',
            description: `It leaves ${hiding.subjectName}'s page. ${hiding.authorName} and ${hiding.subjectName} see your reason.`,
            confirmText: 'Hide review',
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
