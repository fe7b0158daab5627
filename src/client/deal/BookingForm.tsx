import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '#client/components/toast';
import { bookingFormSchema, type BookingForm as BookingFormValues } from '#shared/bookings';
import type { Product } from '#shared/products';
import { useBookProduct } from './api/bookings';
import { useAuth } from '#client/accounts/AuthProvider';
import { Button } from '#client/components/Button';
import { FormError, FormField, Input } from '#client/components/FormField';
import { InputField } from '#client/components/InputField';
import { showServerErrors } from '#client/components/serverErrors';
import { PartsAcknowledgement } from '#client/trust/PartsAcknowledgement';
import { useFormat, useT } from '#client/i18n';

/** The form inside the booking dialog; a chunk of its own, fetched when someone is about to book. */
export function BookingForm({ product, onBooked }: { product: Product; onBooked: () => void }) {
  const { user } = useAuth();
  const t = useT();
  const format = useFormat();
  const booking = useBookProduct();
  const forParts = product.trust.conditionGrade === 'for_parts';
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<BookingFormValues>({
    resolver: zodResolver(bookingFormSchema),
    defaultValues: { phoneNumber: '', meetLocation: '', forParts: false },
  });
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = form;

  // The form can arrive after the dialog opened and placed focus, so it asks for it itself.
  useEffect(() => setFocus('phoneNumber'), [setFocus]);

  const submit = handleSubmit(async (form) => {
    setServerError(null);
    // The schema keeps the field optional (other phones): this phone needs it ticked.
    if (forParts && form.forParts !== true) {
      setError('forParts', { message: t('trust.parts.required') }, { shouldFocus: true });
      return;
    }
    try {
      const result = await booking.mutateAsync({
        productId: product._id,
        phoneNumber: form.phoneNumber,
        meetLocation: form.meetLocation,
        ...(forParts ? { forParts: true } : {}),
      });
      if (!result.acknowledged) return;
      toast.success(t('deal.booking.booked'));
      onBooked();
    } catch (error) {
      setServerError(
        showServerErrors(error, setError, ['phoneNumber', 'meetLocation', 'forParts'], t('deal.booking.failed')),
      );
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4 sm:grid-cols-2">
      <FormField label={t('deal.booking.name')}>
        <Input value={user?.displayName ?? ''} disabled readOnly />
      </FormField>
      <FormField label={t('deal.booking.email')}>
        <Input type="email" value={user?.email ?? ''} disabled readOnly />
      </FormField>
      <FormField label={t('deal.booking.productName')}>
        <Input value={product.productName} disabled readOnly />
      </FormField>
      <FormField label={t('deal.booking.price')}>
        <Input value={format.price(product.resalePrice)} disabled readOnly />
      </FormField>
      <InputField
        form={form}
        name="phoneNumber"
        texts="deal.booking.phoneNumber"
        autoComplete="tel"
        fieldClassName="sm:col-span-2"
      />
      <InputField form={form} name="meetLocation" texts="deal.booking.meetLocation" fieldClassName="sm:col-span-2" />
      {forParts && (
        <PartsAcknowledgement field={register('forParts')} error={errors.forParts?.message} className="sm:col-span-2" />
      )}
      <FormError message={serverError} className="sm:col-span-2" />
      <Button type="submit" size="lg" loading={booking.isPending} className="sm:col-span-2">
        {t('deal.booking.submit')}
      </Button>
    </form>
  );
}
