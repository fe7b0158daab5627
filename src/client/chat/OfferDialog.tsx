import type { UseFormRegisterReturn } from 'react-hook-form';
import { toast } from '#client/components/toast';
import { counterOfferSchema, makeOfferSchema, OFFER_EXPIRY_HOURS, offerLimits } from '#shared/offers';
import { FormField, Input, Textarea } from '#client/components/FormField';
import { Modal } from '#client/components/Modal';
import { SchemaFormBody, useSchemaForm } from '#client/components/schemaForm';
import { PartsAcknowledgement } from '#client/trust/PartsAcknowledgement';
import { useFormat, useT } from '#client/i18n';
import { useMakeOffer, useMoveOffer } from './api/offers';

interface PriceDialogProps {
  open: boolean;
  onClose: () => void;
  asking: number;
}

/** The price field of both dialogs: whole Tk, typed in Latin or Bengali digits (hence not type="number"). */
function PriceField({ asking, error, field }: { asking: number; error?: string; field: UseFormRegisterReturn }) {
  const t = useT();
  const format = useFormat();
  const { min, max } = offerLimits(asking);
  return (
    <FormField
      label={t('chat.offer.price')}
      error={error}
      hint={t('chat.offer.limits', { min: format.price(min), max: format.price(max) })}
    >
      <Input type="text" inputMode="numeric" autoComplete="off" {...field} />
    </FormField>
  );
}

/** The buyer's Make an offer: a price in Tk (half the asking price at least) and an optional note. */
export function MakeOfferDialog({
  open,
  onClose,
  asking,
  conversationId,
  forParts,
}: PriceDialogProps & { conversationId: string; forParts: boolean }) {
  const t = useT();
  const format = useFormat();
  const make = useMakeOffer(conversationId);
  const form = useSchemaForm(makeOfferSchema, { price: '', note: '', forParts: false }, t('chat.offer.failed'));
  const { errors } = form.formState;
  const submit = form.submitWith(async (values) => {
    // The schema keeps the field optional (other phones): this phone needs it ticked.
    if (forParts && values.forParts !== true) {
      form.setError('forParts', { message: t('trust.parts.required') }, { shouldFocus: true });
      return;
    }
    await make.mutateAsync({
      price: values.price,
      ...(values.note ? { note: values.note } : {}),
      ...(forParts ? { forParts: true } : {}),
    });
    toast.success(t('chat.offer.sent', { hours: OFFER_EXPIRY_HOURS }));
    form.reset();
    onClose();
  });
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('chat.offer.title')}
      description={t('chat.offer.asking', { price: format.price(asking) })}
    >
      <SchemaFormBody form={form} onSubmit={submit} submitText={t('chat.offer.send')}>
        <PriceField asking={asking} error={errors.price?.message} field={form.register('price')} />
        <FormField label={t('chat.offer.note')} error={errors.note?.message}>
          <Textarea rows={2} placeholder={t('chat.offer.notePlaceholder')} {...form.register('note')} />
        </FormField>
        {forParts && <PartsAcknowledgement field={form.register('forParts')} error={errors.forParts?.message} />}
      </SchemaFormBody>
    </Modal>
  );
}

/** The seller's Counter: their own price, which the buyer accepts or declines. */
export function CounterDialog({ open, onClose, asking, offerId }: PriceDialogProps & { offerId: string }) {
  const t = useT();
  const format = useFormat();
  const move = useMoveOffer();
  const form = useSchemaForm(counterOfferSchema, { price: '' }, t('chat.counter.failed'));
  const submit = form.submitWith(async (values) => {
    await move.mutateAsync({ id: offerId, move: 'counter', price: values.price });
    toast.success(t('chat.counter.sent', { hours: OFFER_EXPIRY_HOURS }));
    form.reset();
    onClose();
  });
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('chat.counter.title')}
      description={t('chat.counter.asking', { price: format.price(asking) })}
    >
      <SchemaFormBody form={form} onSubmit={submit} submitText={t('chat.counter.send')}>
        <PriceField asking={asking} error={form.formState.errors.price?.message} field={form.register('price')} />
      </SchemaFormBody>
    </Modal>
  );
}
