import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { messages } from '../../../../shared/messages';
import type { Product } from '../../../../shared/products';
import {
  useAdvertiseProduct,
  useDeleteMyProduct,
  useMyProducts,
  useSetProductHidden,
} from '../../../api/sellerProducts';
import { useAuth } from '../../../auth/AuthProvider';
import { Badge } from '../../../components/Badge';
import { Button, buttonClasses } from '../../../components/Button';
import { DataTable, numberColumn, TableImage, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { formatTk } from '../../../components/formatTk';
import { ProductLink } from '../../../components/ProductLink';
import { ALREADY_DELETED, confirmDelete, showDeleted } from '../confirmDelete';
import { DeleteButton } from '../DeleteButton';
import { PagedList } from '../PagedList';
import { isRunningFor } from '../rowAction';

/** Fits 'Advertised', and 'Advertise' with its spinner, so the button keeps its width. */
const ADVERTISE_WIDTH = 'min-w-28';
/** Fits 'Hide' and 'Show' with a spinner, so the buttons after it stay put while one runs. */
const HIDE_WIDTH = 'min-w-20';

function SaleStatus({ product }: { product: Product }) {
  if (product.sellStatus) return <Badge tone="neutral">Sold</Badge>;
  if (product.hidden) return <Badge tone="warning">Hidden</Badge>;
  return <Badge tone="success">Available</Badge>;
}

export function MyProducts() {
  const { user } = useAuth();
  const products = useMyProducts(user?.email ?? '');
  const deleteProduct = useDeleteMyProduct();
  const advertise = useAdvertiseProduct();
  const setHidden = useSetProductHidden();

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

  function toggleHidden(product: Product) {
    const hidden = !product.hidden;
    setHidden.mutate(
      { id: product._id, hidden },
      {
        onSuccess: () =>
          toast.success(
            hidden
              ? 'Hidden: buyers no longer see this phone or book it.'
              : 'Shown again: buyers can find and book this phone.',
          ),
        // The server says why (sold meanwhile, not this seller's): its words, as it gave them.
        onError: (error) => toast.error(error.message),
      },
    );
  }

  const columns: ReadonlyArray<Column<Product>> = [
    numberColumn,
    {
      header: 'Product Image',
      kind: 'image',
      cell: (product) => (
        <TableImage src={product.productThumb || product.productImg} alt={`Photo of ${product.productName}`} />
      ),
    },
    {
      header: 'Product Name',
      kind: 'title',
      cell: (product) => <ProductLink id={product._id} name={product.productName} />,
    },
    {
      header: 'Price',
      className: 'font-semibold text-ink-900 tabular-nums whitespace-nowrap',
      cell: (product) => formatTk(product.resalePrice),
    },
    {
      header: 'Sale Status',
      cell: (product) => <SaleStatus product={product} />,
    },
    {
      header: 'Action',
      kind: 'actions',
      // Right-aligned, and Advertise and Advertised equally wide, so Delete stays in one place on every row.
      cell: (product) => (
        <>
          {!product.sellStatus && (
            <>
              <Link to={`/dashboard/editproduct/${product._id}`} className={buttonClasses('secondary', 'sm')}>
                Edit
              </Link>
              <Button
                variant="secondary"
                size="sm"
                className={HIDE_WIDTH}
                loading={setHidden.isPending && setHidden.variables.id === product._id}
                onClick={() => toggleHidden(product)}
              >
                {product.hidden ? 'Show' : 'Hide'}
              </Button>
            </>
          )}
          {product.advertiseStatus ? (
            <Button variant="secondary" size="sm" disabled className={ADVERTISE_WIDTH}>
              Advertised
            </Button>
          ) : (
            !product.sellStatus && (
              <Button
                size="sm"
                className={ADVERTISE_WIDTH}
                loading={isRunningFor(advertise, product._id)}
                onClick={() => promote(product)}
              >
                Advertise
              </Button>
            )
          )}
          <DeleteButton loading={isRunningFor(deleteProduct, product._id)} onClick={() => void remove(product)} />
        </>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="My Product"
        description="Your listings. Edit one to change its price or photos, hide it to take it off sale for a while, or advertise it on the home page."
        actions={
          <Link to="/dashboard/addproduct" className={buttonClasses()}>
            Add Product
          </Link>
        }
      />
      <PagedList query={products} noun="products" emptyTitle="No product Found">
        {(rows) => (
          <DataTable
            caption="My products"
            hideCaption
            columns={columns}
            rows={rows}
            rowKey={(product) => product._id}
          />
        )}
      </PagedList>
    </>
  );
}
