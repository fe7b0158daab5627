import { useEffect } from 'react';
import type { BookingStatus } from '#shared/bookings';
import type { Product } from '#shared/products';
import { useMyProductActivity } from './api/products';
import { useReportProduct } from './api/reports';
import { useRoles } from '#client/accounts/api/roles';
import { useAuth } from '#client/accounts/AuthProvider';
import { sameEmail } from '#client/accounts/sameEmail';
import { Button } from '#client/components/Button';
import { preloadBookingForm } from '#client/deal/BookingDialog';
import { MessageSellerButton } from '#client/chat/MessageSellerButton';
import type { ListingReport } from '#shared/moderation';
import { ReportDialog } from '#client/moderation/ReportDialog';
import { useReportDialog } from '#client/moderation/useReportDialog';
import { Msg, useT } from '#client/i18n';
import { useDay } from './useDay';
import { bold, bookingRequestsLink, myOrdersLink, Note } from './ActionNote';

const BUYERS_ONLY_ID = 'book-now-not-for-admin';
const FOR_PARTS_ID = 'book-now-for-parts';
const CLOSED: readonly BookingStatus[] = ['declined', 'cancelled', 'expired'];

interface ProductActionsProps {
  product: Product;
  /** Opens the booking dialog (or the login page for a guest). */
  onBook: () => void;
}

/** Book Now and Report to admin, each as the signed-in user can use it now. */
export function ProductActions({ product, onBook }: ProductActionsProps) {
  const { user, loading: authLoading } = useAuth();
  const { roles, loading: rolesLoading, error: rolesError } = useRoles(user?.email ?? '');
  const t = useT();
  // The dialog checked the form with the listing's schema, so its reason is one of a listing's.
  const report = useReportDialog(
    useReportProduct(),
    (form) => ({ product_id: product._id, ...(form as ListingReport) }),
    {
      subject: 'listing',
      title: t('catalog.actions.reportTitle'),
      description: t('catalog.actions.reportDescription'),
      doneText: t('catalog.actions.reported'),
    },
  );
  const dayOf = useDay();

  // Until the session and its roles are known, a click could go wrong (a buyer sent to the login
  // page). If the role check failed, both actions stay offered: the server decides and says why.
  const activity = useMyProductActivity(product._id, user?.email ?? null);
  // Also until the user's own bookings and reports are known: an offer that then turns out to be
  // "already booked" would only end in a refusal.
  const deciding = authLoading || (user !== null && (rolesLoading || activity.isPending));
  // Every account buys (sellers too) but the admin's.
  const buyersOnly = user !== null && !deciding && rolesError === null && !roles.isBuyer;
  const own = user !== null && sameEmail(user.email, product.sellerEmail);
  const forParts = product.trust.conditionGrade === 'for_parts';
  // The admin handles reports rather than making them, and no one reports their own listing.
  const canReport = user !== null && !deciding && !roles.isAdmin && !own;
  const bookingStatus = activity.data?.bookingStatus ?? null;
  // A declined, cancelled or expired booking may be asked again; an open or sold one stands.
  const bookedAt = bookingStatus && !CLOSED.includes(bookingStatus) ? (activity.data?.bookedAt ?? null) : null;
  const reportedAt = activity.data?.reportedAt ?? null;
  // Buyers (and guests, who log in first) ask before they book; never about their own phone.
  const canMessage =
    !product.sellStatus &&
    !product.hidden &&
    !buyersOnly &&
    (user === null || (!roles.isAdmin && !sameEmail(user.email, product.sellerEmail)));

  // A buyer is likely to book: have the form's code ready before the click.
  const mayBook =
    user !== null &&
    !deciding &&
    !buyersOnly &&
    !own &&
    !bookedAt &&
    !product.sellStatus &&
    !product.reserved &&
    !product.hidden;
  useEffect(() => {
    if (mayBook) preloadBookingForm();
  }, [mayBook]);

  return (
    <div className="mt-6 flex flex-col gap-4">
      {product.sellStatus && !bookedAt ? (
        <Note tone="sold">
          <Msg id="catalog.actions.sold" />
        </Note>
      ) : product.hidden && !bookedAt ? (
        <Note tone="warning">
          <Msg id="catalog.actions.notOnSale" values={{ b: bold }} />
        </Note>
      ) : bookedAt ? (
        <Note tone="done">
          <Msg id="catalog.actions.booked" values={{ date: dayOf(bookedAt), link: myOrdersLink }} />
        </Note>
      ) : own ? (
        <Note tone="quiet">
          <Msg id="catalog.actions.own" values={{ b: bold, link: bookingRequestsLink }} />
        </Note>
      ) : product.reserved ? (
        <Note tone="info">
          <Msg id="catalog.actions.reserved" />
        </Note>
      ) : (
        <div className="flex flex-col gap-1.5 sm:items-start">
          <Button
            size="lg"
            onClick={onBook}
            disabled={deciding || buyersOnly}
            aria-describedby={buyersOnly ? BUYERS_ONLY_ID : forParts ? FOR_PARTS_ID : undefined}
            className="sm:min-w-44"
          >
            <Msg id="catalog.actions.bookNow" />
          </Button>
          {forParts && !buyersOnly && (
            <p id={FOR_PARTS_ID} className="text-sm font-medium text-red-700">
              <Msg id="catalog.actions.forParts" />
            </p>
          )}
          {buyersOnly && (
            <p id={BUYERS_ONLY_ID} className="text-sm text-ink-500">
              <Msg id="catalog.actions.adminNoBook" />
            </p>
          )}
        </div>
      )}

      {canMessage && (
        <div className="sm:self-start">
          <MessageSellerButton productId={product._id} disabled={deciding} />
        </div>
      )}

      {canReport &&
        (reportedAt ? (
          <p className="text-sm text-ink-500">
            <Msg id="catalog.actions.reportedOn" values={{ date: dayOf(reportedAt) }} />
          </p>
        ) : (
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-ink-500">
            <Msg id="catalog.actions.somethingWrong" />
            <Button
              variant="ghost"
              size="sm"
              loading={report.dialog.busy}
              onClick={report.start}
              className="-ml-1 text-red-700 hover:text-red-800"
            >
              <Msg id="catalog.actions.report" />
            </Button>
          </p>
        ))}
      <ReportDialog {...report.dialog} />
    </div>
  );
}
