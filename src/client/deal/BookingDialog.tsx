import { lazy, Suspense } from 'react';
import type { Product } from '#shared/products';
import { Modal } from '#client/components/Modal';
import { Spinner } from '#client/components/Spinner';
import { useT } from '#client/i18n';

const loadBookingForm = () => import('./BookingForm');
const BookingForm = lazy(async () => ({ default: (await loadBookingForm()).BookingForm }));

/** Fetches the form's code ahead of the click (forms bring their validation library). */
export const preloadBookingForm = () => void loadBookingForm();

interface BookingDialogProps {
  /** The phone being booked; null keeps the dialog closed. */
  product: Product | null;
  onClose: () => void;
}

/**
 * The buyer's booking form. Who books and what is booked come from the session and the listing (the
 * server re-reads both); the buyer adds only a phone number and where to meet.
 */
export function BookingDialog({ product, onClose }: BookingDialogProps) {
  const t = useT();
  return (
    <Modal open={product !== null} onClose={onClose} texts="deal.booking">
      {product && (
        <Suspense
          fallback={
            <div className="flex justify-center py-8">
              <Spinner label={t('deal.booking.loading')} />
            </div>
          }
        >
          <BookingForm product={product} onBooked={onClose} />
        </Suspense>
      )}
    </Modal>
  );
}
