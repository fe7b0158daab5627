import { useState, type ReactNode } from 'react';
import type { BuyerOrder } from '#shared/bookings';
import { useAuth } from '#client/accounts/AuthProvider';
import { useMyOrders } from './api/orders';
import { Link } from 'react-router';
import { Button, ButtonLink } from '#client/components/Button';
import { Modal } from '#client/components/Modal';
import type { Column } from '#client/components/DataTable';
import { BookingStatusBadge } from './BookingStatusBadge';
import { useBookingMoves } from './useBookingMoves';
import { phoneColumns } from '#client/components/phoneColumns';
import { TablePage } from '#client/components/TablePage';
import { paths } from '#shared/paths';
import type { OrderWithReview } from '#shared/reviews';
import { DealReviewButton } from '#client/reviews/DealReviewButton';
import { HandoverButton, HandoverDialog, type Handover } from './HandoverDialog';
import { Msg, useFormat, useLocale, useT, type Translate } from '#client/i18n';

/** Seller-written words (a name, a meeting place) inside a sentence: never translated. */
const userText = (chunks: ReactNode[]) => <span translate="no">{chunks}</span>;

/** Once the seller accepted: where to meet and whom to call. */
function MeetingDetails({ order }: { order: BuyerOrder }) {
  if (order.status !== 'accepted' || !order.sellerPhone) return null;
  const phone = order.sellerPhone;
  return (
    <span className="mt-1 block text-xs text-ink-600">
      <Msg
        id={order.sellerName ? 'deal.orders.meetingNamed' : 'deal.orders.meeting'}
        values={{
          place: order.meetLocation,
          seller: order.sellerName ?? '',
          phone,
          where: userText,
          name: userText,
          call: (chunks) => (
            <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="font-medium text-brand-700 hover:underline">
              {chunks}
            </a>
          ),
        }}
      />
    </span>
  );
}

/**
 * The order's columns before its actions. The spec's header says the currency, "Price (Tk)", so the
 * cells hold the bare amount: the spec's digits in English, the reader's digits in Bangla.
 */
function baseColumns(t: Translate, amount: (tk: number) => string): Array<Column<BuyerOrder>> {
  return [
    ...phoneColumns<BuyerOrder>((order) => ({ id: order.productId, name: order.productName, image: order.productImg })),
    {
      header: t('deal.orders.category'),
      className: 'text-ink-600 @4xl:whitespace-nowrap',
      // Brand names, kept in Latin letters in both languages.
      cell: (order) => <span translate="no">{order.categoryNameInfo}</span>,
    },
    {
      header: t('deal.orders.priceTk'),
      className: 'font-semibold text-ink-900 tabular-nums whitespace-nowrap',
      cell: (order) =>
        order.agreedPrice === null ? (
          amount(order.productPrice)
        ) : (
          <span className="flex flex-col">
            <span>{amount(order.agreedPrice)}</span>
            <span className="text-xs font-normal whitespace-normal text-emerald-800">
              <Msg id="deal.orders.agreed" values={{ price: amount(order.productPrice) }} />
            </span>
          </span>
        ),
    },
    {
      header: t('deal.status'),
      cell: (order) => (
        <span className="block">
          <BookingStatusBadge status={order.status} reason={order.statusReason} side="buyer" />
          <MeetingDetails order={order} />
        </span>
      ),
    },
  ];
}

/** How an accepted deal is paid: in person, when buyer and seller meet. */
function PayDialog({ order, onClose }: { order: BuyerOrder | null; onClose: () => void }) {
  const t = useT();
  const format = useFormat();
  const { localePath } = useLocale();
  return (
    <Modal open={order !== null} onClose={onClose} title={t('deal.orders.payTitle')}>
      {order && (
        <div className="space-y-3 text-sm text-ink-700">
          <p>
            <Msg
              id={order.meetLocation ? 'deal.orders.payTextAt' : 'deal.orders.payText'}
              values={{
                seller: order.sellerName ?? t('deal.orders.theSeller'),
                price: format.price(order.agreedPrice ?? order.productPrice),
                place: order.meetLocation,
                name: userText,
                where: userText,
                strong: (chunks) => <strong>{chunks}</strong>,
              }}
            />
          </p>
          <p>
            <Msg id="deal.orders.neverPay" />
          </p>
          <p>
            <Link to={localePath(paths.faq)} className="font-medium text-brand-700 underline underline-offset-2">
              <Msg id="deal.orders.whatToCheck" />
            </Link>
          </p>
          <div className="flex justify-end pt-2">
            <Button onClick={onClose}>
              <Msg id="deal.orders.gotIt" />
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}

export function MyOrders() {
  const { user } = useAuth();
  const orders = useMyOrders(user?.email ?? '');
  const t = useT();
  const format = useFormat();
  const { locale, localePath } = useLocale();
  const [paying, setPaying] = useState<BuyerOrder | null>(null);
  const [handover, setHandover] = useState<Handover | null>(null);
  const { askReason, reasonDialog } = useBookingMoves(() => t('deal.orders.cancelled'));

  const columns: ReadonlyArray<Column<OrderWithReview>> = [
    ...baseColumns(t, (tk) => (locale === 'en' ? String(tk) : format.number(tk))),
    {
      header: t('deal.action'),
      kind: 'actions',
      cell: (order) => (
        <>
          {(order.status === 'requested' || order.status === 'accepted') && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() =>
                askReason({
                  id: order._id,
                  move: 'cancel',
                  title: t('deal.cancelTitle'),
                  description: t(
                    order.status === 'accepted' ? 'deal.orders.cancelAccepted' : 'deal.orders.cancelRequested',
                  ),
                  confirmText: t('deal.cancelBooking'),
                  required: order.status === 'accepted',
                })
              }
            >
              <Msg id="deal.cancel" />
            </Button>
          )}
          <DealReviewButton bookingId={order._id} review={order.review} />
          {/* Only an accepted deal is paid, and only at the meeting. */}
          {order.status === 'accepted' && (
            <span className="inline-flex flex-col items-end gap-1">
              <Button size="sm" className="min-w-20" onClick={() => setPaying(order)}>
                <Msg id="deal.orders.pay" />
              </Button>
              <span className="text-xs text-ink-500">
                <Msg id="deal.orders.payNote" />
              </span>
            </span>
          )}
          {(order.status === 'accepted' || order.status === 'sold') && (
            <HandoverButton booking={order} side="buyer" onOpen={setHandover} />
          )}
        </>
      ),
    },
  ];

  return (
    <TablePage
      texts="deal.orders"
      query={orders}
      emptyDescription={t('deal.orders.emptyDescription')}
      emptyAction={
        <ButtonLink to={localePath(paths.home)}>
          <Msg id="deal.orders.browse" />
        </ButtonLink>
      }
      columns={columns}
    >
      {reasonDialog}
      <PayDialog order={paying} onClose={() => setPaying(null)} />
      <HandoverDialog handover={handover} onClose={() => setHandover(null)} />
    </TablePage>
  );
}
