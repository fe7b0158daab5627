import { Link } from 'react-router';
import type { Order } from '../../../../shared/bookings';
import { useAuth } from '../../../auth/AuthProvider';
import { useMyOrders } from '../../../api/orders';
import { Button, buttonClasses } from '../../../components/Button';
import { DataTable, numberColumn, TableImage, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { ProductLink } from '../../../components/ProductLink';
import { PagedList } from '../PagedList';

const PAY_SOON = 'Online payment is coming soon';

const columns: ReadonlyArray<Column<Order>> = [
  numberColumn,
  {
    header: 'Product Image',
    kind: 'image',
    cell: (order) => <TableImage src={order.productImg} alt={`Photo of ${order.productName}`} />,
  },
  {
    header: 'Product Name',
    kind: 'title',
    cell: (order) => <ProductLink id={order.productId} name={order.productName} />,
  },
  { header: 'Category', className: 'text-ink-600 @4xl:whitespace-nowrap', cell: (order) => order.categoryNameInfo },
  // The spec's header says the currency, "Price (Tk)", so the cell does not repeat it.
  {
    header: 'Price (Tk)',
    className: 'font-semibold text-ink-900 tabular-nums whitespace-nowrap',
    cell: (order) => order.productPrice,
  },
  {
    header: 'Action',
    kind: 'actions',
    cell: () => (
      // A disabled button shows no tooltip in every browser, so the wrapper carries it too.
      <span title={PAY_SOON} className="inline-flex flex-col items-end gap-1">
        <Button size="sm" disabled title={PAY_SOON} className="min-w-20">
          Pay
        </Button>
        <span className="text-xs text-ink-500">Coming soon</span>
      </span>
    ),
  },
];

export function MyOrders() {
  const { user } = useAuth();
  const orders = useMyOrders(user?.email ?? '');

  return (
    <>
      <PageHeader
        title="My orders"
        description="Phones you booked. Meet the seller to check the phone before you pay."
      />
      <PagedList
        query={orders}
        noun="orders"
        emptyTitle="You have 0 order"
        emptyDescription="Find a phone you like and press Book Now; it shows up here."
        emptyAction={
          <Link to="/" className={buttonClasses()}>
            Browse phones
          </Link>
        }
      >
        {(rows) => (
          <DataTable caption="My orders" hideCaption columns={columns} rows={rows} rowKey={(order) => order._id} />
        )}
      </PagedList>
    </>
  );
}
