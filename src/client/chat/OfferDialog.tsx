import toast from 'react-hot-toast';
import { counterOfferSchema, makeOfferSchema, offerLimits } from '#shared/offers';
import { FormField, Input, Textarea } from '#client/components/FormField';
import { formatTk } from '#client/components/formatTk';
import { Modal } from '#client/components/Modal';
import { SchemaFormBody, useSchemaForm } from '#client/components/schemaForm';
import { FOR_PARTS_REQUIRED } from '#shared/trust';
import { PartsAcknowledgement } from '#client/trust/PartsAcknowledgement';
import { useMakeOffer, useMoveOffer } from './api/offers';

interface PriceDialogProps {
  open: boolean;
  onClose: () => void;
  asking: number;
}

const limitsHint = (asking: number) => {
  const { min, max } = offerLimits(asking);
  return `Between ${formatTk(min)} and ${formatTk(max)}. Bengali digits work too.`;
};

/** The buyer's Make an offer: a price in Tk (half the asking price at least) and an optional note. */
export function MakeOfferDialog({
  open,
  onClose,
  asking,
  conversationId,
  forParts,
}: PriceDialogProps & { conversationId: string; forParts: boolean }) {
  const make = useMakeOffer(conversationId);
  const form = useSchemaForm(
    makeOfferSchema,
    { price: '', note: '', forParts: false },
    'The offer did not go through. Please try again.',
  );
  const { errors } = form.formState;
  const submit = form.submitWith(async (values) => {
    // The schema keeps the field optional (other phones): this phone needs it ticked.
    if (forParts && values.forParts !== true) {
      form.setError('forParts', { message: FOR_PARTS_REQUIRED }, { shouldFocus: true });
      return;
    }
    await make.mutateAsync({
      price: values.price,
      ...(values.note ? { note: values.note } : {}),
      ...(forParts ? { forParts: true } : {}),
    });
    toast.success('Offer sent. The seller has 48 hours to answer.');
    form.reset();
    onClose();
  });
  return (
    <Modal open={open} onClose={onClose} title="Make an offer" description={`The asking price is ${formatTk(asking)}.`}>
      <SchemaFormBody form={form} onSubmit={submit} submitText="Send offer">
        <FormField label="Your price (Tk)" error={errors.price?.message} hint={limitsHint(asking)}>
          <Input inputMode="numeric" autoComplete="off" {...form.register('price')} />
        </FormField>
        <FormField label="Note (optional)" error={errors.note?.message}>
          <Textarea rows={2} placeholder="I can pay cash today" {...form.register('note')} />
        </FormField>
        {forParts && <PartsAcknowledgement field={form.register('forParts')} error={errors.forParts?.message} />}
      </SchemaFormBody>
    </Modal>
  );
}

/** The seller's Counter: their own price, which the buyer accepts or declines. */
export function CounterDialog({ open, onClose, asking, offerId }: PriceDialogProps & { offerId: string }) {
  const move = useMoveOffer();
  const form = useSchemaForm(counterOfferSchema, { price: '' }, 'The counter did not go through. Please try again.');
  const submit = form.submitWith(async (values) => {
    await move.mutateAsync({ id: offerId, move: 'counter', price: values.price });
    toast.success('Counter sent. The buyer has 48 hours to answer.');
    form.reset();
    onClose();
  });
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Counter the offer"
      description={`Your asking price is ${formatTk(asking)}.`}
    >
      <SchemaFormBody form={form} onSubmit={submit} submitText="Send counter">
        <FormField label="Your price (Tk)" error={form.formState.errors.price?.message} hint={limitsHint(asking)}>
          <Input inputMode="numeric" autoComplete="off" {...form.register('price')} />
        </FormField>
      </SchemaFormBody>
    </Modal>
  );
}
