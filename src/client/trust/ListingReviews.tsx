import { useState } from 'react';
import { toast } from '#client/components/toast';
import {
  CHECKLIST_ITEMS,
  maskedImei,
  rejectRequestSchema,
  type ListingReview,
  type NotAsDescribedReport,
  type NotAsDescribedSubject,
  type PhotoReview,
} from '#shared/trust';
import { Button } from '#client/components/Button';
import { TableImage, type Column } from '#client/components/DataTable';
import { Modal } from '#client/components/Modal';
import { ReasonForm } from '#client/components/ReasonForm';
import { PageHeader } from '#client/components/PageHeader';
import { ProductLink } from '#client/components/ProductLink';
import { useRowAction } from '#client/components/rowAction';
import { Msg, useFormat, useT, type MessageId } from '#client/i18n';
import {
  useDecide,
  useListingReviews,
  useNotAsDescribed,
  usePhotoReviews,
  type Decision,
  type ReviewSubject,
} from './api/reviews';
import { ReviewQueue } from './ReviewQueue';

type Rejecting = { subject: ReviewSubject; id: string; name: string };

/** Listings and their photos are a row each, by the listing. */
const byProduct = (row: { productId: string }) => row.productId;

/** What a buyer's report is about: a checklist item, or one of the listing's other claims. */
function subjectLabel(item: NotAsDescribedSubject): MessageId {
  if ((CHECKLIST_ITEMS as readonly string[]).includes(item)) return `catalog.checklist.${item}` as MessageId;
  return item === 'condition'
    ? 'catalog.checks.grade'
    : item === 'account'
      ? 'catalog.checks.account'
      : 'trust.reviews.imeiMismatch';
}

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
  const t = useT();
  return (
    <Modal
      open={rejecting !== null}
      onClose={onClose}
      title={t(
        rejecting?.subject === 'verification-photos' ? 'trust.reviews.rejectPhoto' : 'trust.reviews.rejectListing',
      )}
      description={rejecting ? t('trust.reviews.rejectDescription', { name: rejecting.name }) : undefined}
    >
      {rejecting && (
        <ReasonForm
          schema={rejectRequestSchema}
          label={t('trust.reviews.reason')}
          cancelText={<Msg id="trust.reviews.cancel" />}
          confirmText={<Msg id="trust.reviews.reject" />}
          busy={busy}
          onClose={onClose}
          onConfirm={onReject}
        />
      )}
    </Modal>
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
  const t = useT();
  const format = useFormat();
  const decide = useRowAction(useDecide(), {
    onDone: (_result, decision: Decision) => {
      setRejecting(null);
      const listing = decision.subject === 'listing-reviews';
      const approved = decision.reason === undefined;
      toast.success(
        t(
          approved
            ? listing
              ? 'trust.reviews.listingApproved'
              : 'trust.reviews.photoApproved'
            : listing
              ? 'trust.reviews.listingRejected'
              : 'trust.reviews.photoRejected',
        ),
      );
    },
    rowOf: (decision) => `${decision.subject} ${decision.id}`,
  });
  const busy = (subject: ReviewSubject, id: string) => decide.runningFor(`${subject} ${id}`);
  // Listings and their photos are approved or rejected alike, each by the listing's id.
  const actionsColumn = (subject: ReviewSubject): Column<{ productId: string; productName: string }> => ({
    header: t('trust.reviews.col.action'),
    kind: 'actions',
    cell: ({ productId: id, productName: name }) => (
      <>
        <Button size="sm" loading={busy(subject, id)} onClick={() => decide.run({ subject, id })}>
          <Msg id="trust.reviews.approve" />
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setRejecting({ subject, id, name })}>
          <Msg id="trust.reviews.reject" />
        </Button>
      </>
    ),
  });

  const listingColumns: ReadonlyArray<Column<ListingReview>> = [
    {
      header: t('trust.reviews.col.photo'),
      kind: 'image',
      cell: (row) => <TableImage src={row.productThumb} alt={t('trust.reviews.photoOf', { name: row.productName })} />,
    },
    {
      header: t('trust.reviews.col.listing'),
      kind: 'title',
      cell: (row) => <span data-user-text>{row.productName}</span>,
    },
    {
      header: t('trust.reviews.col.price'),
      className: 'tabular-nums whitespace-nowrap',
      cell: (row) => (
        <span className="flex flex-col">
          <span className="font-semibold">{format.price(row.resalePrice)}</span>
          {row.modelMedian !== null && (
            <span className="text-xs text-ink-500">
              <Msg id="trust.reviews.modelMedian" values={{ price: format.price(row.modelMedian) }} />
            </span>
          )}
        </span>
      ),
    },
    {
      header: t('trust.reviews.col.why'),
      className: '@4xl:min-w-48',
      cell: (row) => row.reasons.map((reason) => t(`trust.reviews.reason.${reason}`)).join('; '),
    },
    {
      header: t('trust.reviews.col.imei'),
      className: 'whitespace-nowrap',
      cell: (row) => (row.imeiLast4 ? maskedImei(row.imeiLast4) : t('trust.reviews.imeiMissing')),
    },
    {
      header: t('trust.reviews.col.seller'),
      cell: (row) => <span data-user-text>{`${row.sellerName} (${row.sellerEmail})`}</span>,
    },
    actionsColumn('listing-reviews'),
  ];

  const photoColumns: ReadonlyArray<Column<PhotoReview>> = [
    {
      header: t('trust.reviews.col.verificationPhoto'),
      kind: 'image',
      cell: (row) => (
        <a
          href={row.photo}
          target="_blank"
          rel="noreferrer"
          aria-label={t('trust.reviews.openPhoto', { name: row.productName })}
        >
          <TableImage src={row.photo} alt={t('trust.reviews.verificationPhotoOf', { name: row.productName })} />
        </a>
      ),
    },
    {
      header: t('trust.reviews.col.listing'),
      kind: 'title',
      cell: (row) => <ProductLink id={row.productId} name={row.productName} />,
    },
    {
      header: t('trust.reviews.col.code'),
      cell: (row) => (
        <strong className="font-mono text-base tracking-widest" translate="no">
          {row.verificationCode}
        </strong>
      ),
    },
    { header: t('trust.reviews.col.seller'), cell: (row) => <span data-user-text>{row.sellerName}</span> },
    { header: t('trust.reviews.col.sent'), className: 'whitespace-nowrap', cell: (row) => format.relative(row.sentOn) },
    actionsColumn('verification-photos'),
  ];

  const reportColumns: ReadonlyArray<Column<NotAsDescribedReport>> = [
    {
      header: t('trust.reviews.col.listing'),
      kind: 'title',
      cell: (row) =>
        row.productId ? (
          <ProductLink id={row.productId} name={row.productName} />
        ) : (
          <span data-user-text>{row.productName}</span>
        ),
    },
    { header: t('trust.reviews.col.item'), cell: (row) => t(subjectLabel(row.item)) },
    {
      header: t('trust.reviews.col.found'),
      cell: (row) => (
        <span className="whitespace-pre-line" data-user-text>
          {row.details}
        </span>
      ),
    },
    { header: t('trust.reviews.col.buyer'), cell: (row) => <span data-user-text>{row.buyerName}</span> },
    { header: t('trust.reviews.col.seller'), cell: (row) => <span data-user-text>{row.sellerName}</span> },
    {
      header: t('trust.reviews.col.reported'),
      className: 'whitespace-nowrap',
      cell: (row) => format.relative(row.reportedOn),
    },
  ];

  return (
    <>
      <PageHeader texts="trust.reviews" />
      <div className="flex flex-col gap-10">
        <ReviewQueue texts="trust.reviews.underReview" query={listings} columns={listingColumns} rowKey={byProduct} />
        <ReviewQueue texts="trust.reviews.photos" query={photos} columns={photoColumns} rowKey={byProduct} />
        <ReviewQueue texts="trust.reviews.reports" query={reports} columns={reportColumns} rowKey={(row) => row.id} />
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
