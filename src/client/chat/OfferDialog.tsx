import type { ComponentProps } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { toast } from '#client/components/toast';
import { counterOfferSchema, makeOfferSchema, OFFER_EXPIRY_HOURS, offerLimits } from '#shared/offers';
import { DIGITS, FormField, Input, Textarea } from '#client/components/FormField';
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
      <Input {...DIGITS} autoComplete="off" {...field} />
    </FormField>
  );
}

type PriceFormProps = PriceDialogProps &
  Pick<ComponentProps<typeof SchemaFormBody>, 'form' | 'onSubmit' | 'children'> & {
    /** The dialog's messages: its title, the asking price under it, and its send button. */
    texts: 'chat.offer' | 'chat.counter';
  };

/** The frame both price dialogs share: the title, the asking price it is measured against, the form. */
function PriceForm({ texts, asking, form, onSubmit, children, ...dialog }: PriceFormProps) {
  const t = useT();
  const format = useFormat();
  return (
    <Modal {...dialog} title={t(`${texts}.title`)} description={t(`${texts}.asking`, { price: format.price(asking) })}>
      <SchemaFormBody form={form} onSubmit={onSubmit} submitText={t(`${texts}.send`)}>
        {children}
      </SchemaFormBody>
    </Modal>
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
    <PriceForm texts="chat.offer" open={open} onClose={onClose} asking={asking} form={form} onSubmit={submit}>
      <PriceField asking={asking} error={errors.price?.message} field={form.register('price')} />
      <FormField label={t('chat.offer.note')} error={errors.note?.message}>
        <Textarea rows={2} placeholder={t('chat.offer.notePlaceholder')} {...form.register('note')} />
      </FormField>
      {forParts && <PartsAcknowledgement field={form.register('forParts')} error={errors.forParts?.message} />}
    </PriceForm>
  );
}

/** The seller's Counter: their own price, which the buyer accepts or declines. */
export function CounterDialog({ open, onClose, asking, offerId }: PriceDialogProps & { offerId: string }) {
  const t = useT();
  const move = useMoveOffer();
  const form = useSchemaForm(counterOfferSchema, { price: '' }, t('chat.counter.failed'));
  const submit = form.submitWith(async (values) => {
    await move.mutateAsync({ id: offerId, move: 'counter', price: values.price });
    toast.success(t('chat.counter.sent', { hours: OFFER_EXPIRY_HOURS }));
    form.reset();
    onClose();
  });
  return (
    <PriceForm texts="chat.counter" open={open} onClose={onClose} asking={asking} form={form} onSubmit={submit}>
      <PriceField asking={asking} error={form.formState.errors.price?.message} field={form.register('price')} />
    </PriceForm>
  );
}
