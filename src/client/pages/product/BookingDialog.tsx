import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { bookingFormSchema, type BookingForm } from '../../../shared/bookings';
import { messages } from '../../../shared/messages';
import type { Product } from '../../../shared/products';
import { useBookProduct } from '../../api/bookings';
import { ApiError } from '../../api/http';
import { useAuth } from '../../auth/AuthProvider';
import { Button } from '../../components/Button';
import { FormError, FormField, Input } from '../../components/FormField';
import { formatTk } from '../../components/formatTk';
import { Modal } from '../../components/Modal';

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
  return (
    <Modal open={product !== null} onClose={onClose} title="Book this phone" description="The seller gets your number and meeting place.">
      {product && <BookingFormBody product={product} onBooked={onClose} />}
    </Modal>
  );
}

function BookingFormBody({ product, onBooked }: { product: Product; onBooked: () => void }) {
  const { user } = useAuth();
  const booking = useBookProduct();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<BookingForm>({ resolver: zodResolver(bookingFormSchema), defaultValues: { phoneNumber: '', meetLocation: '' } });

  const submit = handleSubmit(async (form) => {
    setServerError(null);
    try {
      const result = await booking.mutateAsync({ productId: product._id, phoneNumber: form.phoneNumber, meetLocation: form.meetLocation });
      if (!result.acknowledged) return;
      toast.success(messages.productBooked);
      onBooked();
    } catch (error) {
      if (error instanceof ApiError) {
        for (const field of ['phoneNumber', 'meetLocation'] as const) {
          const message = error.fields[field];
          if (message) setError(field, { message });
        }
      }
      setServerError(error instanceof Error ? error.message : 'The booking did not go through. Please try again.');
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4 sm:grid-cols-2">
      <FormField label="Name">
        <Input value={user?.displayName ?? ''} disabled readOnly />
      </FormField>
      <FormField label="Email">
        <Input type="email" value={user?.email ?? ''} disabled readOnly />
      </FormField>
      <FormField label="Product Name">
        <Input value={product.productName} disabled readOnly />
      </FormField>
      <FormField label="Price">
        <Input value={formatTk(product.resalePrice)} disabled readOnly />
      </FormField>
      <FormField label="Phone Number" error={errors.phoneNumber?.message} className="sm:col-span-2">
        <Input type="tel" autoComplete="tel" placeholder="01XXXXXXXXX" data-autofocus {...register('phoneNumber')} />
      </FormField>
      <FormField label="Meet Location" error={errors.meetLocation?.message} hint="Pick a busy public place to check the phone." className="sm:col-span-2">
        <Input placeholder="A shop or bus stand" {...register('meetLocation')} />
      </FormField>
      <FormError message={serverError} className="sm:col-span-2" />
      <Button type="submit" size="lg" loading={booking.isPending} className="sm:col-span-2">
        Submit
      </Button>
    </form>
  );
}
