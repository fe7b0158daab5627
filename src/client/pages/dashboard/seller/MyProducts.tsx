import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { messages } from '../../../../shared/messages';
import type { Product } from '../../../../shared/products';
import { useAdvertiseProduct, useDeleteMyProduct, useMyProducts } from '../../../api/sellerProducts';
import { useAuth } from '../../../auth/AuthProvider';
import { Badge } from '../../../components/Badge';
import { Button, buttonClasses } from '../../../components/Button';
import { DataTable, TableImage } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { formatTk } from '../../../components/formatTk';
import { ALREADY_DELETED, confirmDelete, showDeleted } from '../confirmDelete';
import { DeleteButton } from '../DeleteButton';
import { PagedList } from '../PagedList';
import { isRunningFor } from '../rowAction';

export function MyProducts() {
  const { user } = useAuth();
  const products = useMyProducts(user?.email ?? '');
  const deleteProduct = useDeleteMyProduct();
  const advertise = useAdvertiseProduct();

  async function remove(product: Product) {
    if (!(await confirmDelete())) return;
    deleteProduct.mutate(product._id, {
      onSuccess: ({ deletedCount }) => (deletedCount > 0 ? showDeleted() : toast.error(ALREADY_DELETED)),
      onError: (error) => toast.error(error.message),
    });
  }

  function promote(product: Product) {
    advertise.mutate(product._id, {
      onSuccess: () => toast.success(messages.productAdvertised),
      onError: (error) => toast.error(error.message),
    });
  }

  return (
    <>
      <PageHeader
        title="My Product"
        description="Your listings. Advertise one to show it in the home page's Advertised Phone section."
        actions={
          <Link to="/dashboard/addproduct" className={buttonClasses()}>
            Add Product
          </Link>
        }
      />
      <PagedList query={products} noun="products" emptyTitle="No product Found">
        {(rows) => (
          <DataTable caption="My products" hideCaption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Product Image</th>
                <th scope="col">Product Name</th>
                <th scope="col">Price</th>
                <th scope="col">Sale Status</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((product, index) => (
                <tr key={product._id}>
                  <td className="text-ink-500 tabular-nums">{index + 1}</td>
                  <td>
                    <TableImage src={product.productThumb || product.productImg} alt={`Photo of ${product.productName}`} />
                  </td>
                  <td className="font-medium whitespace-nowrap text-ink-900">{product.productName}</td>
                  <td className="font-semibold text-ink-900 tabular-nums whitespace-nowrap">{formatTk(product.resalePrice)}</td>
                  <td>
                    {product.sellStatus ? <Badge tone="neutral">Sold</Badge> : <Badge tone="success">Available</Badge>}
                  </td>
                  <td>
                    <div className="flex items-center gap-2">
                      {product.advertiseStatus ? (
                        <Button variant="secondary" size="sm" disabled>
                          Advertised
                        </Button>
                      ) : (
                        !product.sellStatus && (
                          <Button size="sm" loading={isRunningFor(advertise, product._id)} onClick={() => promote(product)}>
                            Advertise
                          </Button>
                        )
                      )}
                      <DeleteButton
                        loading={isRunningFor(deleteProduct, product._id)}
                        onClick={() => void remove(product)}
                      />
                    </div>
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
