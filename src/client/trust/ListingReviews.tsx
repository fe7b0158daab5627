import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import {
  REVIEW_REASON_TEXTS,
  SUBJECT_LABELS,
  maskedImei,
  rejectRequestSchema,
  type ListingReview,
  type NotAsDescribedReport,
  type PhotoReview,
} from '#shared/trust';
import { Button } from '#client/components/Button';
import { DataTable, TableImage, type Column } from '#client/components/DataTable';
import { FormField, Textarea } from '#client/components/FormField';
import { formatTk } from '#client/components/formatTk';
import { formatWhen } from '#client/components/formatWhen';
import { Modal } from '#client/components/Modal';
import { PageHeader } from '#client/components/PageHeader';
import { PagedList } from '#client/components/PagedList';
import { ProductLink } from '#client/components/ProductLink';
import { useRowAction } from '#client/components/rowAction';
import {
  useDecide,
  useListingReviews,
  useNotAsDescribed,
  usePhotoReviews,
  type Decision,
  type ReviewSubject,
} from './api/reviews';

type Rejecting = { subject: ReviewSubject; id: string; name: string };

/** Asks the admin why a listing or photo is rejected: the seller reads it. */
function RejectDialog({
  rejecting,
  busy,
  onClose,
  onReject,
}: {
  rejecting: Rejecting | null;
  busy: boolean;
  onClose: () => void;
  onReject: (reason: string) => void;
}) {
  return (
    <Modal
      open={rejecting !== null}
      onClose={onClose}
      title={rejecting?.subject === 'verification-photos' ? 'Reject this photo?' : 'Reject this listing?'}
      description={rejecting ? `${rejecting.name}: the seller reads your reason.` : undefined}
    >
      {rejecting && <RejectForm busy={busy} onClose={onClose} onReject={onReject} />}
    </Modal>
  );
}

function RejectForm({
  busy,
  onClose,
  onReject,
}: {
  busy: boolean;
  onClose: () => void;
  onReject: (r: string) => void;
}) {
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<{ reason: string }>({ resolver: zodResolver(rejectRequestSchema) });
  useEffect(() => setFocus('reason'), [setFocus]);
  return (
    <form noValidate onSubmit={handleSubmit(({ reason }) => onReject(reason))} className="flex flex-col gap-5">
      <FormField label="Reason" error={errors.reason?.message}>
        <Textarea rows={3} {...register('reason')} />
      </FormField>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" loading={busy}>
          Reject
        </Button>
      </div>
    </form>
  );
}

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3">
      <div>
        <h2 className="text-lg font-semibold text-ink-900">{title}</h2>
        <p className="text-sm text-ink-600">{description}</p>
      </div>
      {children}
    </section>
  );
}

/**
 * The admin's queue of risky listings (docs/trust.md): listings under review with Approve / Reject,
 * verification photos to approve or reject, and buyers' "not as described" reports.
 */
export function ListingReviews() {
  const listings = useListingReviews();
  const photos = usePhotoReviews();
  const reports = useNotAsDescribed();
  const [rejecting, setRejecting] = useState<Rejecting | null>(null);
  const decide = useRowAction(useDecide(), {
    onDone: (_result, decision: Decision) => {
      setRejecting(null);
      const what = decision.subject === 'listing-reviews' ? 'Listing' : 'Photo';
      toast.success(
        decision.reason === undefined ? `${what} approved: the seller has been told.` : `${what} rejected.`,
      );
    },
    rowOf: (decision) => `${decision.subject} ${decision.id}`,
  });
  const busy = (subject: ReviewSubject, id: string) => decide.runningFor(`${subject} ${id}`);
  const actions = (subject: ReviewSubject, id: string, name: string) => (
    <>
      <Button size="sm" loading={busy(subject, id)} onClick={() => decide.run({ subject, id })}>
        Approve
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setRejecting({ subject, id, name })}>
        Reject
      </Button>
    </>
  );

  const listingColumns: ReadonlyArray<Column<ListingReview>> = [
    {
      header: 'Photo',
      kind: 'image',
      cell: (row) => <TableImage src={row.productThumb} alt={`Photo of ${row.productName}`} />,
    },
    { header: 'Listing', kind: 'title', cell: (row) => row.productName },
    {
      header: 'Price',
      className: 'tabular-nums whitespace-nowrap',
      cell: (row) => (
        <span className="flex flex-col">
          <span className="font-semibold">{formatTk(row.resalePrice)}</span>
          {row.modelMedian !== null && (
            <span className="text-xs text-ink-500">Model median {formatTk(row.modelMedian)}</span>
          )}
        </span>
      ),
    },
    {
      header: 'Why',
      className: '@4xl:min-w-48',
      cell: (row) => row.reasons.map((reason) => REVIEW_REASON_TEXTS[reason]).join('; '),
    },
    {
      header: 'IMEI',
      className: 'whitespace-nowrap',
      cell: (row) => (row.imeiLast4 ? maskedImei(row.imeiLast4) : 'Not given'),
    },
    { header: 'Seller', cell: (row) => `${row.sellerName} (${row.sellerEmail})` },
    { header: 'Action', kind: 'actions', cell: (row) => actions('listing-reviews', row.productId, row.productName) },
  ];

  const photoColumns: ReadonlyArray<Column<PhotoReview>> = [
    {
      header: 'Verification photo',
      kind: 'image',
      cell: (row) => (
        <a
          href={row.photo}
          target="_blank"
          rel="noreferrer"
          aria-label={`Open the verification photo of ${row.productName}`}
        >
          <TableImage src={row.photo} alt={`Verification photo of ${row.productName}`} />
        </a>
      ),
    },
    { header: 'Listing', kind: 'title', cell: (row) => <ProductLink id={row.productId} name={row.productName} /> },
    {
      header: 'Code to read',
      cell: (row) => <strong className="font-mono text-base tracking-widest">{row.verificationCode}</strong>,
    },
    { header: 'Seller', cell: (row) => row.sellerName },
    { header: 'Sent', className: 'whitespace-nowrap', cell: (row) => formatWhen(row.sentOn) },
    {
      header: 'Action',
      kind: 'actions',
      cell: (row) => actions('verification-photos', row.productId, row.productName),
    },
  ];

  const reportColumns: ReadonlyArray<Column<NotAsDescribedReport>> = [
    {
      header: 'Listing',
      kind: 'title',
      cell: (row) => (row.productId ? <ProductLink id={row.productId} name={row.productName} /> : row.productName),
    },
    { header: 'Item', cell: (row) => SUBJECT_LABELS[row.item] },
    { header: 'What the buyer found', cell: (row) => <span className="whitespace-pre-line">{row.details}</span> },
    { header: 'Buyer', cell: (row) => row.buyerName },
    { header: 'Seller', cell: (row) => row.sellerName },
    { header: 'Reported', className: 'whitespace-nowrap', cell: (row) => formatWhen(row.reportedOn) },
  ];

  return (
    <>
      <PageHeader
        title="Listing review"
        description="Risky listings wait here before buyers see them; sellers are told “usually within 4 hours”."
      />
      <div className="flex flex-col gap-10">
        <Section
          title="Under review"
          description="An IMEI on another seller's listing, or a price below half the median of the same model."
        >
          <PagedList query={listings} noun="listings under review" emptyTitle="No listing waits for review">
            {(rows) => (
              <DataTable
                caption="Listings under review"
                hideCaption
                columns={listingColumns}
                rows={rows}
                rowKey={(row) => row.productId}
              />
            )}
          </PagedList>
        </Section>
        <Section
          title="Verification photos"
          description="The phone with its screen on, beside the code written on paper: approve when the code is readable and matches."
        >
          <PagedList query={photos} noun="verification photos" emptyTitle="No photo waits for review">
            {(rows) => (
              <DataTable
                caption="Verification photos"
                hideCaption
                columns={photoColumns}
                rows={rows}
                rowKey={(row) => row.productId}
              />
            )}
          </PagedList>
        </Section>
        <Section
          title="Not as described"
          description="Buyers' reports from their deals, against an item of the listing."
        >
          <PagedList query={reports} noun="reports" emptyTitle="No buyer reported a phone not as described">
            {(rows) => (
              <DataTable
                caption="Not as described reports"
                hideCaption
                columns={reportColumns}
                rows={rows}
                rowKey={(row) => row.id}
              />
            )}
          </PagedList>
        </Section>
      </div>
      <RejectDialog
        rejecting={rejecting}
        busy={rejecting !== null && busy(rejecting.subject, rejecting.id)}
        onClose={() => setRejecting(null)}
        onReject={(reason) => rejecting && decide.run({ subject: rejecting.subject, id: rejecting.id, reason })}
      />
    </>
  );
}
