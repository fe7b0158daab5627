import { useAuth } from '../../../auth/AuthProvider';
import { useMyOrders } from '../../../api/orders';
import { Button } from '../../../components/Button';
import { DataTable, TableImage } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { PagedList } from '../PagedList';

const PAY_SOON = 'Online payment is coming soon';

export function MyOrders() {
  const { user } = useAuth();
  const orders = useMyOrders(user?.email ?? '');

  return (
    <>
      <PageHeader title="My orders" description="Phones you booked. Meet the seller to check the phone before you pay." />
      <PagedList query={orders} noun="orders" emptyTitle="You have 0 order">
        {(rows) => (
          <DataTable caption="My orders" hideCaption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Product Image</th>
                <th scope="col">Product Name</th>
                <th scope="col">Category</th>
                <th scope="col">Price (Tk)</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((order, index) => (
                <tr key={order._id}>
                  <td className="text-ink-500 tabular-nums">{index + 1}</td>
                  <td>
                    <TableImage src={order.productImg} alt={`Photo of ${order.productName}`} />
                  </td>
                  <td className="font-medium whitespace-nowrap text-ink-900">{order.productName}</td>
                  <td className="whitespace-nowrap text-ink-600">{order.categoryNameInfo}</td>
                  {/* The spec's header says the currency, "Price (Tk)", so the cell does not repeat it. */}
                  <td className="font-semibold text-ink-900 tabular-nums whitespace-nowrap">{order.productPrice}</td>
                  <td>
                    {/* A disabled button shows no tooltip in every browser, so the wrapper carries it too. */}
                    <span title={PAY_SOON} className="inline-flex flex-col items-start gap-1">
                      <Button size="sm" disabled title={PAY_SOON}>
                        Pay
                      </Button>
                      <span className="text-xs text-ink-500">Coming soon</span>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </PagedList>
    </>
  );
}
