import { useState } from 'react';
import toast from 'react-hot-toast';
import type { BuyerOrder } from '#shared/bookings';
import { useMoveBooking } from './api/deal';
import { useAuth } from '#client/accounts/AuthProvider';
import { useMyOrders } from './api/orders';
import { Link } from 'react-router';
import { Button, ButtonLink } from '#client/components/Button';
import { formatTk } from '#client/components/formatTk';
import { Modal } from '#client/components/Modal';
import type { Column } from '#client/components/DataTable';
import { BookingStatusBadge } from './BookingStatusBadge';
import { ReasonDialog, type ReasonRequest } from './ReasonDialog';
import { useRowAction } from '#client/components/rowAction';
import { phoneColumns } from '#client/components/phoneColumns';
import { TablePage } from '#client/components/TablePage';
import { paths } from '#shared/paths';
import type { OrderWithReview } from '#shared/reviews';
import { DealReviewButton } from '#client/reviews/DealReviewButton';
import { HandoverDialog, type Handover } from './HandoverDialog';

/** Once the seller accepted: where to meet and whom to call. */
function MeetingDetails({ order }: { order: BuyerOrder }) {
  if (order.status !== 'accepted' || !order.sellerPhone) return null;
  return (
    <span className="mt-1 block text-xs text-ink-600">
      Meet at {order.meetLocation}. Seller{order.sellerName ? ` ${order.sellerName}` : ''}:{' '}
      <a
        href={`tel:${order.sellerPhone.replace(/[^\d+]/g, '')}`}
        className="font-medium text-brand-700 hover:underline"
      >
        {order.sellerPhone}
      </a>
    </span>
  );
}

const baseColumns: ReadonlyArray<Column<BuyerOrder>> = [
  ...phoneColumns<BuyerOrder>((order) => ({ id: order.productId, name: order.productName, image: order.productImg })),
  { header: 'Category', className: 'text-ink-600 @4xl:whitespace-nowrap', cell: (order) => order.categoryNameInfo },
  // The spec's header says the currency, "Price (Tk)", so the cell does not repeat it.
  {
    header: 'Price (Tk)',
    className: 'font-semibold text-ink-900 tabular-nums whitespace-nowrap',
    cell: (order) =>
      order.agreedPrice === null ? (
        order.productPrice
      ) : (
        <span className="flex flex-col">
          <span>{order.agreedPrice}</span>
          <span className="text-xs font-normal whitespace-normal text-emerald-800">
            Agreed price (listed at {order.productPrice})
          </span>
        </span>
      ),
  },
  {
    header: 'Status',
    cell: (order) => (
      <span className="block">
        <BookingStatusBadge status={order.status} reason={order.statusReason} side="buyer" />
        <MeetingDetails order={order} />
      </span>
    ),
  },
];

/** How an accepted deal is paid: in person, when buyer and seller meet. */
function PayDialog({ order, onClose }: { order: BuyerOrder | null; onClose: () => void }) {
  return (
    <Modal open={order !== null} onClose={onClose} title="Pay in person at the meeting">
      {order && (
        <div className="space-y-3 text-sm text-ink-700">
          <p>
            Pay {order.sellerName ?? 'the seller'} <strong>{formatTk(order.agreedPrice ?? order.productPrice)}</strong>{' '}
            when you meet
            {order.meetLocation ? ` at ${order.meetLocation}` : ''}, after you have checked the phone: in cash or by
            mobile money, straight to the seller.
          </p>
          <p>
            PhoneHaat never takes payment and never asks you to pay in advance. If anyone does, do not pay, and report
            the listing.
          </p>
          <p>
            <Link to={paths.faq} className="font-medium text-brand-700 underline underline-offset-2">
              What to check before you pay
            </Link>
          </p>
          <div className="flex justify-end pt-2">
            <Button onClick={onClose}>Got it</Button>
          </div>
        </div>
      )}
    </Modal>
  );
}

type Asking = ReasonRequest & { id: string };

export function MyOrders() {
  const { user } = useAuth();
  const orders = useMyOrders(user?.email ?? '');
  const [asking, setAsking] = useState<Asking | null>(null);
  const [paying, setPaying] = useState<BuyerOrder | null>(null);
  const [handover, setHandover] = useState<Handover | null>(null);
  const cancel = useRowAction(useMoveBooking(), {
    onDone: () => {
      setAsking(null);
      toast.success('Booking cancelled. The seller has been told.');
    },
  });

  const columns: ReadonlyArray<Column<OrderWithReview>> = [
    ...baseColumns,
    {
      header: 'Action',
      kind: 'actions',
      cell: (order) => (
        <>
          {(order.status === 'requested' || order.status === 'accepted') && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() =>
                setAsking({
                  id: order._id,
                  title: 'Cancel this booking?',
                  description:
                    order.status === 'accepted'
                      ? 'The seller has reserved this phone for you: tell them why you cancel.'
                      : 'The seller will be told that you no longer want this phone.',
                  confirmText: 'Cancel booking',
                  required: order.status === 'accepted',
                })
              }
            >
              Cancel
            </Button>
          )}
          <DealReviewButton bookingId={order._id} review={order.review} />
          {/* Only an accepted deal is paid, and only at the meeting. */}
          {order.status === 'accepted' && (
            <span className="inline-flex flex-col items-end gap-1">
              <Button size="sm" className="min-w-20" onClick={() => setPaying(order)}>
                Pay
              </Button>
              <span className="text-xs text-ink-500">In person at the meeting</span>
            </span>
          )}
          {(order.status === 'accepted' || order.status === 'sold') && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() =>
                setHandover({
                  bookingId: order._id,
                  productId: order.productId,
                  productName: order.productName,
                  side: 'buyer',
                })
              }
            >
              Handover checklist
            </Button>
          )}
        </>
      ),
    },
  ];

  return (
    <TablePage
      title="My orders"
      description="Phones you booked. Meet the seller to check the phone before you pay."
      query={orders}
      noun="orders"
      emptyTitle="You have 0 order"
      emptyDescription="Find a phone you like and press Book Now; it shows up here."
      emptyAction={<ButtonLink to={paths.home}>Browse phones</ButtonLink>}
      caption="My orders"
      columns={columns}
    >
      <ReasonDialog
        request={asking}
        busy={asking !== null && cancel.runningFor(asking.id)}
        onClose={() => setAsking(null)}
        onConfirm={(reason) => asking && cancel.run({ id: asking.id, move: 'cancel', reason })}
      />
      <PayDialog order={paying} onClose={() => setPaying(null)} />
      <HandoverDialog handover={handover} onClose={() => setHandover(null)} />
    </TablePage>
  );
}
