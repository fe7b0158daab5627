import { useState } from 'react';
import { useConfirmSale } from '#client/pricing/confirmSale';
import type { RequestWithReview } from '#shared/reviews';
import { DealReviewButton } from '#client/reviews/DealReviewButton';
import { useBookingRequests, type BookingMove } from './api/deal';
import { Button, ButtonLink } from '#client/components/Button';
import { TableImage, type Column } from '#client/components/DataTable';
import { confirmAction } from '#client/components/dialogs';
import { ProductLink } from '#client/components/ProductLink';
import { TablePage } from '#client/components/TablePage';
import { BookingStatusBadge } from './BookingStatusBadge';
import { useBookingMoves, type Ask, type ReasonAsked } from './useBookingMoves';
import { paths } from '#shared/paths';
import { HandoverButton, HandoverDialog, type Handover } from './HandoverDialog';
import { Msg, useFormat, useT, type MessageId, type Translate } from '#client/i18n';

const DONE = {
  accept: 'deal.requests.accepted',
  decline: 'deal.requests.declined',
  cancel: 'deal.requests.cancelled',
  sold: 'deal.soldToast',
} as const satisfies Record<BookingMove, MessageId>;

/** The seller's booking requests: open ones on top, each answered from its row. */
export function BookingRequests() {
  const requests = useBookingRequests();
  const t = useT();
  const format = useFormat();
  const [handover, setHandover] = useState<Handover | null>(null);
  const { run, busyWith, askReason, reasonDialog } = useBookingMoves((move) => t(DONE[move]));

  const columns: ReadonlyArray<Column<RequestWithReview>> = [
    {
      header: t('deal.requests.productImage'),
      kind: 'image',
      cell: (row) => <TableImage src={row.productImg} alt={t('deal.requests.photoOf', { name: row.productName })} />,
    },
    {
      header: t('deal.requests.product'),
      kind: 'title',
      cell: (row) => (
        <span className="flex flex-col gap-0.5">
          <ProductLink id={row.productId} name={row.productName} />
          <span className="text-sm text-ink-500 tabular-nums">{format.price(row.productPrice)}</span>
          {row.agreedPrice !== null && (
            <span className="text-sm font-semibold text-emerald-800 tabular-nums">
              <Msg id="deal.requests.agreedPrice" values={{ price: format.price(row.agreedPrice) }} />
            </span>
          )}
        </span>
      ),
    },
    {
      header: t('deal.requests.buyer'),
      cell: (row) => (
        <span className="flex flex-col gap-0.5">
          <span className="font-medium text-ink-900" translate="no">
            {row.buyerName}
          </span>
          <a
            href={`tel:${row.phoneNumber.replace(/[^\d+]/g, '')}`}
            className="text-sm whitespace-nowrap text-brand-700 hover:underline"
          >
            {row.phoneNumber}
          </a>
        </span>
      ),
    },
    {
      header: t('deal.requests.meetingPlace'),
      className: 'text-ink-700',
      cell: (row) => <span translate="no">{row.meetLocation}</span>,
    },
    {
      header: t('deal.status'),
      cell: (row) => (
        <span className="flex flex-col gap-1 @max-4xl:items-end">
          <BookingStatusBadge status={row.status} reason={row.statusReason} side="seller" />
          <time dateTime={row.bookedAt} className="text-xs whitespace-nowrap text-ink-500">
            <Msg id="deal.requests.requested" values={{ when: format.relative(row.bookedAt) }} />
          </time>
        </span>
      ),
    },
    {
      header: t('deal.action'),
      kind: 'actions',
      cell: (row) => <RowActions row={row} busyWith={busyWith} run={run} ask={askReason} showHandover={setHandover} />,
    },
  ];

  return (
    <TablePage
      texts="deal.requests"
      query={requests}
      emptyDescription={t('deal.requests.emptyDescription')}
      emptyAction={
        <ButtonLink to={paths.myProducts} variant="secondary">
          <Msg id="deal.requests.seeProducts" />
        </ButtonLink>
      }
      columns={columns}
    >
      {reasonDialog}
      <HandoverDialog handover={handover} onClose={() => setHandover(null)} />
    </TablePage>
  );
}

interface RowActionsProps {
  row: RequestWithReview;
  busyWith: (id: string, move: BookingMove) => boolean;
  run: (id: string, move: BookingMove, reason?: string, ask?: Ask) => void;
  ask: (asking: ReasonAsked) => void;
  showHandover: (handover: Handover) => void;
}

/**
 * Accepting reserves the phone for one buyer (the others wait), and marking it sold ends the deal
 * for good: each is asked first, as My Product asks before its own Mark sold.
 */
const confirmMove =
  (
    t: Translate,
    row: RequestWithReview,
    move: 'accept' | 'sold',
    confirmSale: ReturnType<typeof useConfirmSale>,
  ): Ask =>
  async (sale) => {
    const names = { buyer: row.buyerName, product: row.productName };
    if (move === 'accept') {
      return confirmAction({
        title: t('deal.requests.acceptTitle', names),
        text: t('deal.requests.acceptText', names),
        confirmText: t('deal.requests.acceptConfirm'),
      });
    }
    const price = await confirmSale({
      title: t('deal.requests.soldTitle', names),
      text: t('deal.requests.soldText', { confirm: t('listings.deregisterConfirm') }),
      // An offer the two agreed on is what the phone most likely changed hands for.
      price: row.agreedPrice ?? row.productPrice,
    });
    if (price === null) return false;
    sale.finalPrice = price;
    return true;
  };

function RowActions({ row, busyWith, run, ask, showHandover }: RowActionsProps) {
  const confirmSale = useConfirmSale();
  // A new request is accepted or declined; an accepted one is sold or called off (with a reason).
  const t = useT();
  const open = row.status === 'requested' || row.status === 'accepted';
  if (row.review) return <DealReviewButton bookingId={row._id} review={row.review} />;
  if (!open)
    return (
      <span className="text-sm text-ink-400">
        <Msg id="deal.requests.noAction" />
      </span>
    );
  const requested = row.status === 'requested';
  const primary = requested ? 'accept' : 'sold';
  return (
    <>
      <Button
        size="sm"
        loading={busyWith(row._id, primary)}
        onClick={() => run(row._id, primary, undefined, confirmMove(t, row, primary, confirmSale))}
      >
        {t(requested ? 'deal.requests.accept' : 'deal.markSold')}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        onClick={() =>
          ask(
            requested
              ? {
                  id: row._id,
                  move: 'decline',
                  title: t('deal.requests.declineTitle'),
                  description: t('deal.requests.declineText', { buyer: row.buyerName, product: row.productName }),
                  confirmText: t('deal.requests.decline'),
                  required: false,
                }
              : {
                  id: row._id,
                  move: 'cancel',
                  title: t('deal.cancelTitle'),
                  description: t('deal.requests.cancelText', { buyer: row.buyerName }),
                  confirmText: t('deal.cancelBooking'),
                  required: true,
                },
          )
        }
      >
        {t(requested ? 'deal.requests.decline' : 'deal.cancel')}
      </Button>
      {!requested && <HandoverButton booking={row} side="seller" onOpen={showHandover} />}
    </>
  );
}
