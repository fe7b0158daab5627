import { toast } from '#client/components/toast';
import { useConfirmSale } from '#client/pricing/confirmSale';
import { Link } from 'react-router';
import { paths } from '#shared/paths';
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
import { MessageBadge } from '#client/components/Badge';
import { Button, ButtonLink } from '#client/components/Button';
import type { Column } from '#client/components/DataTable';
import { showDeleted } from '#client/components/confirmDelete';
import { DeleteButton } from '#client/components/DeleteButton';
import { RowActionButton } from '#client/components/RowActionButton';
import { phoneColumns } from '#client/components/phoneColumns';
import { TablePage } from '#client/components/TablePage';
import { useDeleteAction, useRowAction } from '#client/components/rowAction';
import { Msg, useFormat, useT } from '#client/i18n';

/** Fits 'Stop advertising', and 'Advertise' with its spinner, so Delete after it stays in one place. */
const ADVERTISE_WIDTH = 'min-w-36';
/** Fits 'Hide' and 'Show' with a spinner, so the buttons after it stay put while one runs. */
const HIDE_WIDTH = 'min-w-20';
/** The action lines: stacked and right-aligned in the table, dissolved into the card's own row of buttons. */
const ACTION_LINES = 'flex flex-col items-end gap-2 @max-4xl:contents';
const ACTION_LINE = 'flex justify-end gap-2 @max-4xl:contents';

function SaleStatus({ product }: { product: MyProduct }) {
  const [tone, label] = product.sellStatus
    ? (['neutral', 'listings.mine.sold'] as const)
    : product.hidden
      ? (['warning', 'listings.mine.hidden'] as const)
      : product.reserved
        ? (['info', 'listings.mine.reserved'] as const)
        : (['success', 'listings.mine.available'] as const);
  return <MessageBadge tone={tone} message={label} />;
}

/** How many requests wait on the phone, linking to them. */
function OpenRequests({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Link to={paths.bookingRequests} className="mt-1 block text-xs font-medium text-brand-700 hover:underline">
      <Msg id="listings.mine.openRequests" values={{ count }} />
    </Link>
  );
}

export function MyProducts() {
  const { user } = useAuth();
  const t = useT();
  const format = useFormat();
  const products = useMyProducts(user?.email ?? '');
  const remove = useDeleteAction(useDeleteMyProduct(), showDeleted);
  const promote = useRowAction(useAdvertiseProduct(), {
    onDone: () => toast.success(t('listings.mine.advertisedToast')),
  });
  const demote = useRowAction(useStopAdvertising(), {
    onDone: () => toast.success(t('listings.mine.stoppedToast')),
  });
  const markSold = useRowAction(useMarkSoldElsewhere(), {
    onDone: () => toast.success(t('listings.mine.soldToast')),
    rowOf: ({ id }) => id,
  });
  const setHidden = useRowAction(useSetProductHidden(), {
    onDone: (_result, { hidden }) =>
      toast.success(t(hidden ? 'listings.mine.hiddenToast' : 'listings.mine.shownToast')),
    rowOf: ({ id }) => id,
  });

  const confirmSale = useConfirmSale();
  function sellElsewhere(product: MyProduct) {
    // The dialog fills in the final price the seller confirms before the call is made.
    const sale: { id: string; finalPrice?: number } = { id: product._id };
    markSold.run(sale, async () => {
      const price = await confirmSale({
        title: t('listings.mine.sell.title'),
        text: t(product.openRequests ? 'listings.mine.sell.withRequests' : 'listings.mine.sell.noRequests', {
          confirm: t('listings.deregisterConfirm'),
          count: product.openRequests,
        }),
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
        title: t('listings.mine.hideAsk.title'),
        text: product.reserved
          ? t('listings.mine.hideAsk.reserved')
          : t('listings.mine.hideAsk.requests', { count: product.openRequests }),
        confirmText: t('listings.mine.hideAsk.confirm'),
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
      header: t('listings.price'),
      className: 'font-semibold text-ink-900 tabular-nums whitespace-nowrap',
      cell: (product) => format.price(product.resalePrice),
    },
    {
      header: t('listings.mine.saleStatus'),
      cell: (product) => (
        <span className="flex flex-col items-start gap-1 @max-4xl:items-end">
          <SaleStatus product={product} />
          <ReviewStatus product={product} />
          {product.advertiseStatus && !product.sellStatus && (
            <MessageBadge tone="brand" message="listings.mine.advertised" />
          )}
          <OpenRequests count={product.openRequests} />
          <ListingModeration product={product} />
          {/* In this column rather than its own, so the actions keep their place on a desktop. */}
          <VerificationStatus product={product} />
        </span>
      ),
    },
    {
      header: t('listings.action'),
      kind: 'actions',
      // Right-aligned, and Advertise and Advertised equally wide, so Delete stays in one place on every row.
      // In the table the buttons take two lines (changing the listing, then promoting or deleting it),
      // so the column stays narrow enough for the others; in card form they flow as one wrapping line.
      cell: (product) => (
        <div className={ACTION_LINES}>
          {!product.sellStatus && (
            <div className={ACTION_LINE}>
              <ButtonLink to={paths.editProduct(product._id)} variant="secondary" size="sm">
                <Msg id="listings.mine.edit" />
              </ButtonLink>
              <Button
                variant="secondary"
                size="sm"
                loading={markSold.runningFor(product._id)}
                onClick={() => sellElsewhere(product)}
              >
                <Msg id="listings.mine.markSold" />
              </Button>
              {!product.moderation && (
                <Button
                  variant="secondary"
                  size="sm"
                  className={HIDE_WIDTH}
                  loading={setHidden.runningFor(product._id)}
                  onClick={() => toggleHidden(product)}
                >
                  {t(product.hidden ? 'listings.mine.show' : 'listings.mine.hide')}
                </Button>
              )}
            </div>
          )}
          <div className={ACTION_LINE}>
            {product.advertiseStatus ? (
              // Advertising can be stopped: the state shows as a badge beside the sale status instead
              // of the spec's disabled Advertised button (docs/client-decisions.md).
              <RowActionButton variant="secondary" className={ADVERTISE_WIDTH} action={demote} row={product._id}>
                <Msg id="listings.mine.stopAdvertising" />
              </RowActionButton>
            ) : (
              !product.sellStatus && (
                <RowActionButton className={ADVERTISE_WIDTH} action={promote} row={product._id}>
                  <Msg id="listings.mine.advertise" />
                </RowActionButton>
              )
            )}
            <DeleteButton action={remove} row={product._id} />
          </div>
        </div>
      ),
    },
  ];

  return (
    <TablePage
      texts="listings.mine"
      headerActions={
        <ButtonLink to={paths.addProduct}>
          <Msg id="listings.add.title" />
        </ButtonLink>
      }
      query={products}
      columns={columns}
    />
  );
}
