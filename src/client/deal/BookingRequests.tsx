import { useState } from 'react';
import { useConfirmSale } from '#client/pricing/confirmSale';
import toast from 'react-hot-toast';
import type { RequestWithReview } from '#shared/reviews';
import { DealReviewButton } from '#client/reviews/DealReviewButton';
import { useBookingRequests, useMoveBooking } from './api/deal';
import { Button, ButtonLink } from '#client/components/Button';
import { TableImage, type Column } from '#client/components/DataTable';
import { formatTk } from '#client/components/formatTk';
import { formatWhen } from '#client/components/formatWhen';
import { confirmAction } from '#client/components/dialogs';
import { ProductLink } from '#client/components/ProductLink';
import { useRowAction } from '#client/components/rowAction';
import { TablePage } from '#client/components/TablePage';
import { BookingStatusBadge } from './BookingStatusBadge';
import { ReasonDialog, type ReasonRequest } from './ReasonDialog';
import { paths } from '#shared/paths';
import { DEREGISTER_CONFIRM } from '#shared/trust';
import { HandoverDialog, type Handover } from './HandoverDialog';

type Asking = ReasonRequest & { id: string; move: 'decline' | 'cancel' };

type Move = keyof typeof DONE;

const DONE = {
  accept: 'Accepted: the phone is reserved for this buyer. Call them to meet.',
  decline: 'Request declined. The buyer has been told.',
  cancel: 'Booking cancelled. The phone is available again.',
  sold: 'Marked sold. Congratulations on the sale!',
} as const;

/** Asks before a move; a sale's question also sets the final price on the move. */
type Ask = (sale: { finalPrice?: number }) => Promise<boolean>;

/** Which row's which button a running move belongs to. */
const busyKey = (id: string, move: Move) => `${move} ${id}`;

/** The seller's booking requests: open ones on top, each answered from its row. */
export function BookingRequests() {
  const requests = useBookingRequests();
  const [asking, setAsking] = useState<Asking | null>(null);
  const [handover, setHandover] = useState<Handover | null>(null);
  const moveBooking = useRowAction(useMoveBooking(), {
    onDone: (_result, { move }) => {
      setAsking(null);
      toast.success(DONE[move]);
    },
    rowOf: ({ id, move }) => busyKey(id, move),
  });
  const run = (id: string, move: Move, reason?: string, ask?: Ask) => {
    // A sale's dialog fills in the final price the seller confirms before the call is made.
    const variables: { id: string; move: Move; reason?: string; finalPrice?: number } = { id, move, reason };
    moveBooking.run(variables, ask && (() => ask(variables)));
  };
  const busyWith = (id: string, move: Move) => moveBooking.runningFor(busyKey(id, move));

  const columns: ReadonlyArray<Column<RequestWithReview>> = [
    {
      header: 'Product Image',
      kind: 'image',
      cell: (row) => <TableImage src={row.productImg} alt={`Photo of ${row.productName}`} />,
    },
    {
      header: 'Product',
      kind: 'title',
      cell: (row) => (
        <span className="flex flex-col gap-0.5">
          <ProductLink id={row.productId} name={row.productName} />
          <span className="text-sm text-ink-500 tabular-nums">{formatTk(row.productPrice)}</span>
          {row.agreedPrice !== null && (
            <span className="text-sm font-semibold text-emerald-800 tabular-nums">
              Agreed price: {formatTk(row.agreedPrice)}
            </span>
          )}
        </span>
      ),
    },
    {
      header: 'Buyer',
      cell: (row) => (
        <span className="flex flex-col gap-0.5">
          <span className="font-medium text-ink-900">{row.buyerName}</span>
          <a
            href={`tel:${row.phoneNumber.replace(/[^\d+]/g, '')}`}
            className="text-sm whitespace-nowrap text-brand-700 hover:underline"
          >
            {row.phoneNumber}
          </a>
        </span>
      ),
    },
    { header: 'Meeting place', className: 'text-ink-700', cell: (row) => row.meetLocation },
    {
      header: 'Status',
      cell: (row) => (
        <span className="flex flex-col gap-1 @max-4xl:items-end">
          <BookingStatusBadge status={row.status} reason={row.statusReason} side="seller" />
          <time dateTime={row.bookedAt} className="text-xs whitespace-nowrap text-ink-500">
            Requested {formatWhen(row.bookedAt)}
          </time>
        </span>
      ),
    },
    {
      header: 'Action',
      kind: 'actions',
      cell: (row) => <RowActions row={row} busyWith={busyWith} run={run} ask={setAsking} showHandover={setHandover} />,
    },
  ];

  return (
    <TablePage
      title="Booking requests"
      description="Buyers who want your phones. Accept one to reserve the phone for that buyer, meet, then mark it sold. Requests you do not answer expire after 48 hours."
      query={requests}
      noun="requests"
      emptyTitle="No booking requests yet"
      emptyDescription="When a buyer books one of your phones, the request shows up here with their phone number and meeting place."
      emptyAction={
        <ButtonLink to={paths.myProducts} variant="secondary">
          See my products
        </ButtonLink>
      }
      caption="Booking requests"
      columns={columns}
    >
      <ReasonDialog
        request={asking}
        busy={asking !== null && busyWith(asking.id, asking.move)}
        onClose={() => setAsking(null)}
        onConfirm={(reason) => asking && run(asking.id, asking.move, reason)}
      />
      <HandoverDialog handover={handover} onClose={() => setHandover(null)} />
    </TablePage>
  );
}

interface RowActionsProps {
  row: RequestWithReview;
  busyWith: (id: string, move: Move) => boolean;
  run: (id: string, move: Move, reason?: string, ask?: Ask) => void;
  ask: (asking: Asking) => void;
  showHandover: (handover: Handover) => void;
}

/**
 * Accepting reserves the phone for one buyer (the others wait), and marking it sold ends the deal
 * for good: each is asked first, as My Product asks before its own Mark sold.
 */
const confirmMove =
  (row: RequestWithReview, move: 'accept' | 'sold', confirmSale: ReturnType<typeof useConfirmSale>): Ask =>
  async (sale) => {
    if (move === 'accept') {
      return confirmAction({
        title: `Accept ${row.buyerName}'s request?`,
        text: `${row.productName} is reserved for ${row.buyerName}: other buyers can no longer book it, and ${row.buyerName} sees your number to arrange the meeting.`,
        confirmText: 'Yes, accept',
      });
    }
    const price = await confirmSale({
      title: `Mark ${row.productName} sold to ${row.buyerName}?`,
      text: `${DEREGISTER_CONFIRM} It leaves every public list, and any other open request on it is declined. This cannot be undone.`,
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
  const open = row.status === 'requested' || row.status === 'accepted';
  if (row.review) return <DealReviewButton bookingId={row._id} review={row.review} />;
  if (!open) return <span className="text-sm text-ink-400">No action</span>;
  const requested = row.status === 'requested';
  const primary = requested ? 'accept' : 'sold';
  return (
    <>
      <Button
        size="sm"
        loading={busyWith(row._id, primary)}
        onClick={() => run(row._id, primary, undefined, confirmMove(row, primary, confirmSale))}
      >
        {requested ? 'Accept' : 'Mark sold'}
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
                  title: 'Decline this request?',
                  description: `${row.buyerName} will be told that you declined the booking of ${row.productName}.`,
                  confirmText: 'Decline',
                  required: false,
                }
              : {
                  id: row._id,
                  move: 'cancel',
                  title: 'Cancel this booking?',
                  description: `The phone becomes available again, and ${row.buyerName} reads your reason.`,
                  confirmText: 'Cancel booking',
                  required: true,
                },
          )
        }
      >
        {requested ? 'Decline' : 'Cancel'}
      </Button>
      {!requested && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() =>
            showHandover({ bookingId: row._id, productId: row.productId, productName: row.productName, side: 'seller' })
          }
        >
          Handover checklist
        </Button>
      )}
    </>
  );
}
