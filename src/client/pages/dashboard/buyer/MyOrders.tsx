import { useState } from 'react';
import toast from 'react-hot-toast';
import type { BuyerOrder } from '../../../../shared/bookings';
import { useMoveBooking } from '../../../api/deal';
import { useAuth } from '../../../auth/AuthProvider';
import { useMyOrders } from '../../../api/orders';
import { Button, ButtonLink } from '../../../components/Button';
import type { Column } from '../../../components/DataTable';
import { BookingStatusBadge } from '../deal/BookingStatusBadge';
import { ReasonDialog, type ReasonRequest } from '../deal/ReasonDialog';
import { useRowAction } from '../rowAction';
import { phoneColumns } from '../phoneColumns';
import { TablePage } from '../TablePage';
import { paths } from '../../../../shared/paths';

const PAY_SOON = 'Online payment is coming soon';

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
    cell: (order) => order.productPrice,
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

function PayButton() {
  return (
    // A disabled button shows no tooltip in every browser, so the wrapper carries it too.
    <span title={PAY_SOON} className="inline-flex flex-col items-end gap-1">
      <Button size="sm" disabled title={PAY_SOON} className="min-w-20">
        Pay
      </Button>
      <span className="text-xs text-ink-500">Coming soon</span>
    </span>
  );
}

type Asking = ReasonRequest & { id: string };

export function MyOrders() {
  const { user } = useAuth();
  const orders = useMyOrders(user?.email ?? '');
  const [asking, setAsking] = useState<Asking | null>(null);
  const cancel = useRowAction(useMoveBooking(), {
    onDone: () => {
      setAsking(null);
      toast.success('Booking cancelled. The seller has been told.');
    },
  });

  const columns: ReadonlyArray<Column<BuyerOrder>> = [
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
          <PayButton />
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
    </TablePage>
  );
}
