import toast from 'react-hot-toast';
import { useConfirmSale } from '#client/pricing/confirmSale';
import { Link } from 'react-router';
import { messages } from '#shared/messages';
import { paths } from '#shared/paths';
import { DEREGISTER_CONFIRM } from '#shared/trust';
import type { MyProduct } from '#shared/products';
import {
  useAdvertiseProduct,
  useDeleteMyProduct,
  useMyProducts,
  useSetProductHidden,
  useStopAdvertising,
} from './api/sellerProducts';
import { ReviewStatus, VerificationStatus } from './TrustStatus';
import { useMarkSoldElsewhere } from '#client/deal/api/deal';
import { useAuth } from '#client/accounts/AuthProvider';
import { confirmAction } from '#client/components/dialogs';
import { ListingModeration } from '#client/moderation/ListingModeration';
import { Badge } from '#client/components/Badge';
import { Button, ButtonLink } from '#client/components/Button';
import type { Column } from '#client/components/DataTable';
import { formatTk } from '#client/components/formatTk';
import { showDeleted } from '#client/components/confirmDelete';
import { DeleteButton } from '#client/components/DeleteButton';
import { phoneColumns } from '#client/components/phoneColumns';
import { TablePage } from '#client/components/TablePage';
import { useDeleteAction, useRowAction } from '#client/components/rowAction';

/** Fits 'Stop advertising', and 'Advertise' with its spinner, so Delete after it stays in one place. */
const ADVERTISE_WIDTH = 'min-w-36';
/** Fits 'Hide' and 'Show' with a spinner, so the buttons after it stay put while one runs. */
const HIDE_WIDTH = 'min-w-20';
/** The action lines: stacked and right-aligned in the table, dissolved into the card's own row of buttons. */
const ACTION_LINES = 'flex flex-col items-end gap-2 @max-4xl:contents';
const ACTION_LINE = 'flex justify-end gap-2 @max-4xl:contents';

function SaleStatus({ product }: { product: MyProduct }) {
  if (product.sellStatus) return <Badge tone="neutral">Sold</Badge>;
  if (product.hidden) return <Badge tone="warning">Hidden</Badge>;
  if (product.reserved) return <Badge tone="info">Reserved</Badge>;
  return <Badge tone="success">Available</Badge>;
}

/** How many requests wait on the phone, linking to them. */
function OpenRequests({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Link to={paths.bookingRequests} className="mt-1 block text-xs font-medium text-brand-700 hover:underline">
      {count} open {count === 1 ? 'request' : 'requests'}
    </Link>
  );
}

export function MyProducts() {
  const { user } = useAuth();
  const products = useMyProducts(user?.email ?? '');
  const remove = useDeleteAction(useDeleteMyProduct(), showDeleted);
  const promote = useRowAction(useAdvertiseProduct(), { onDone: () => toast.success(messages.productAdvertised) });
  const demote = useRowAction(useStopAdvertising(), {
    onDone: () => toast.success('Advertising stopped: the phone has left the home page’s Advertised Phone section.'),
  });
  const markSold = useRowAction(useMarkSoldElsewhere(), {
    onDone: () => toast.success('Marked sold. Congratulations on the sale!'),
    rowOf: ({ id }) => id,
  });
  const setHidden = useRowAction(useSetProductHidden(), {
    onDone: (_result, { hidden }) =>
      toast.success(
        hidden
          ? 'Hidden: buyers no longer see this phone or book it.'
          : 'Shown again: buyers can find and book this phone.',
      ),
    rowOf: ({ id }) => id,
  });

  const confirmSale = useConfirmSale();
  function sellElsewhere(product: MyProduct) {
    // The dialog fills in the final price the seller confirms before the call is made.
    const sale: { id: string; finalPrice?: number } = { id: product._id };
    markSold.run(sale, async () => {
      const price = await confirmSale({
        title: 'Mark this phone sold?',
        text: `${DEREGISTER_CONFIRM} ${
          product.openRequests
            ? `It leaves every public list, and its ${product.openRequests} open ${product.openRequests === 1 ? 'request is' : 'requests are'} declined. To sell it to a buyer who booked it, accept their request in Booking requests instead.`
            : 'It leaves every public list and can no longer be booked.'
        }`,
        price: product.resalePrice,
      });
      if (price === null) return false;
      sale.finalPrice = price;
      return true;
    });
  }

  function toggleHidden(product: MyProduct) {
    const hidden = !product.hidden;
    // Hiding ends the phone's bookings (the server declines them with a reason): asked first, then.
    const waiting = product.openRequests > 0 || product.reserved;
    const ask = () =>
      confirmAction({
        title: 'Take this phone off sale?',
        text: product.reserved
          ? 'You accepted a booking of it: that booking is cancelled and its buyer told why. You can show the phone again later.'
          : `Its ${product.openRequests} open ${product.openRequests === 1 ? 'request is' : 'requests are'} declined and the buyers told why. You can show the phone again later.`,
        confirmText: 'Yes, hide it',
      });
    setHidden.run({ id: product._id, hidden }, hidden && waiting ? ask : undefined);
  }

  const columns: ReadonlyArray<Column<MyProduct>> = [
    ...phoneColumns<MyProduct>((product) => ({
      id: product._id,
      name: product.productName,
      image: product.productThumb || product.productImg,
    })),
    {
      header: 'Price',
      className: 'font-semibold text-ink-900 tabular-nums whitespace-nowrap',
      cell: (product) => formatTk(product.resalePrice),
    },
    {
      header: 'Sale Status',
      cell: (product) => (
        <span className="flex flex-col items-start gap-1 @max-4xl:items-end">
          <SaleStatus product={product} />
          <ReviewStatus product={product} />
          {product.advertiseStatus && !product.sellStatus && <Badge tone="brand">Advertised</Badge>}
          <OpenRequests count={product.openRequests} />
          <ListingModeration product={product} />
          {/* In this column rather than its own, so the actions keep their place on a desktop. */}
          <VerificationStatus product={product} />
        </span>
      ),
    },
    {
      header: 'Action',
      kind: 'actions',
      // Right-aligned, and Advertise and Advertised equally wide, so Delete stays in one place on every row.
      // In the table the buttons take two lines (changing the listing, then promoting or deleting it),
      // so the column stays narrow enough for the others; in card form they flow as one wrapping line.
      cell: (product) => (
        <div className={ACTION_LINES}>
          {!product.sellStatus && (
            <div className={ACTION_LINE}>
              <ButtonLink to={paths.editProduct(product._id)} variant="secondary" size="sm">
                Edit
              </ButtonLink>
              <Button
                variant="secondary"
                size="sm"
                loading={markSold.runningFor(product._id)}
                onClick={() => sellElsewhere(product)}
              >
                Mark sold
              </Button>
              {!product.moderation && (
                <Button
                  variant="secondary"
                  size="sm"
                  className={HIDE_WIDTH}
                  loading={setHidden.runningFor(product._id)}
                  onClick={() => toggleHidden(product)}
                >
                  {product.hidden ? 'Show' : 'Hide'}
                </Button>
              )}
            </div>
          )}
          <div className={ACTION_LINE}>
            {product.advertiseStatus ? (
              // Advertising can be stopped: the state shows as a badge beside the sale status instead
              // of the spec's disabled Advertised button (docs/client-decisions.md).
              <Button
                variant="secondary"
                size="sm"
                className={ADVERTISE_WIDTH}
                loading={demote.runningFor(product._id)}
                onClick={() => demote.run(product._id)}
              >
                Stop advertising
              </Button>
            ) : (
              !product.sellStatus && (
                <Button
                  size="sm"
                  className={ADVERTISE_WIDTH}
                  loading={promote.runningFor(product._id)}
                  onClick={() => promote.run(product._id)}
                >
                  Advertise
                </Button>
              )
            )}
            <DeleteButton loading={remove.runningFor(product._id)} onClick={() => remove.run(product._id)} />
          </div>
        </div>
      ),
    },
  ];

  return (
    <TablePage
      title="My Product"
      description="Your listings. Edit one to change its price or photos, hide it to take it off sale for a while, or advertise it on the home page. Send a photo of the phone beside its code, written on paper, to get “Photo verified”."
      headerActions={<ButtonLink to={paths.addProduct}>Add Product</ButtonLink>}
      query={products}
      noun="products"
      emptyTitle="No product Found"
      caption="My products"
      columns={columns}
    />
  );
}
