import { useQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '#client/components/toast';
import {
  CHECKLIST_ITEMS,
  notAsDescribedRequestSchema,
  NOT_AS_DESCRIBED_SUBJECTS,
  type ChecklistItem,
  type CheckAnswer,
  type NotAsDescribedRequest,
  type NotAsDescribedSubject,
} from '#shared/trust';
import { productQueryOptions } from '#client/catalog/api/products';
import { NeirCheck } from '#client/catalog/NeirCheck';
import { Button } from '#client/components/Button';
import { FormError, FormField, SelectWithPrompt, Textarea } from '#client/components/FormField';
import { Modal } from '#client/components/Modal';
import { showServerErrors } from '#client/components/serverErrors';
import { useState } from 'react';
import { useReportNotAsDescribed } from './api/handover';
import { useFieldError } from '#client/accounts/useFieldError';
import { Msg, useT, type Translate } from '#client/i18n';

export interface Handover {
  bookingId: string;
  productId: string | null;
  productName: string;
  side: 'buyer' | 'seller';
}

/** A deal's row button that opens its handover checklist, for the buyer or the seller. */
export function HandoverButton({
  booking,
  side,
  onOpen,
}: {
  booking: { _id: string; productId: string | null; productName: string };
  side: Handover['side'];
  onOpen: (handover: Handover) => void;
}) {
  const { _id: bookingId, productId, productName } = booking;
  return (
    <Button size="sm" variant="secondary" onClick={() => onOpen({ bookingId, productId, productName, side })}>
      <Msg id="deal.handoverButton" />
    </Button>
  );
}

/**
 * The handover checklist both sides see once a booking is accepted (docs/trust.md): the buyer checks
 * the phone against its listing and NEIR before paying; the seller de-registers it after being paid.
 */
export function HandoverDialog({ handover, onClose }: { handover: Handover | null; onClose: () => void }) {
  const t = useT();
  return (
    <Modal
      open={handover !== null}
      onClose={onClose}
      title={t('deal.handover.title')}
      description={handover ? t('deal.handover.description', { productName: handover.productName }) : undefined}
      className="max-w-2xl"
    >
      {handover && <HandoverSteps handover={handover} />}
    </Modal>
  );
}

const isChecklistItem = (subject: string): subject is ChecklistItem =>
  (CHECKLIST_ITEMS as readonly string[]).includes(subject);

/** What the buyer names as not as described: a checklist item in the form's words, or one of the others. */
const subjectLabel = (t: Translate, subject: NotAsDescribedSubject) =>
  isChecklistItem(subject) ? t(`listings.trust.check.${subject}`) : t(`deal.notAsDescribed.${subject}`);

function HandoverSteps({ handover }: { handover: Handover }) {
  const t = useT();
  const product = useQuery({ ...productQueryOptions(handover.productId ?? ''), enabled: handover.productId !== null });
  const last4 = product.data?.trust.imeiLast4;
  const checklist = product.data?.trust.checklist;
  const buyerSteps = [
    last4 ? t('deal.handover.buyer.imei', { last4 }) : t('deal.handover.buyer.noImei'),
    t('deal.handover.buyer.neir'),
    checklist
      ? t('deal.handover.buyer.checklist', {
          items: (Object.entries(checklist) as Array<[ChecklistItem, CheckAnswer]>)
            .map(([item, answer]) =>
              t('deal.handover.buyer.checklistItem', {
                item: t(`listings.trust.check.${item}`),
                answer: t(`listings.trust.answer.${answer}`).toLowerCase(),
              }),
            )
            .join('; '),
        })
      : t('deal.handover.buyer.noChecklist'),
    t('deal.handover.buyer.account'),
    t('deal.handover.buyer.pay'),
  ];
  const sellerSteps = [
    t('deal.handover.seller.check'),
    t('deal.handover.seller.account'),
    t('deal.handover.seller.deregister'),
    t('deal.handover.seller.markSold'),
  ];
  const steps = handover.side === 'buyer' ? buyerSteps : sellerSteps;
  return (
    <div className="flex flex-col gap-5 text-sm text-ink-700">
      <ol className="list-decimal space-y-2 pl-5">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      {handover.side === 'buyer' && <NeirCheck who="buyer" />}
      {handover.side === 'buyer' && <NotAsDescribedForm bookingId={handover.bookingId} />}
    </div>
  );
}

/** The buyer reports the phone not as described, naming the item that differs. */
function NotAsDescribedForm({ bookingId }: { bookingId: string }) {
  const report = useReportNotAsDescribed();
  const t = useT();
  const fieldError = useFieldError();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<NotAsDescribedRequest>({ resolver: zodResolver(notAsDescribedRequestSchema) });
  const submit = async (values: NotAsDescribedRequest) => {
    setFormError(null);
    try {
      await report.mutateAsync({ bookingId, report: values });
      toast.success(t('deal.notAsDescribed.reported'));
      reset();
    } catch (error) {
      setFormError(showServerErrors(error, setError, ['item', 'details']));
    }
  };
  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(submit)(event)}
      className="flex flex-col gap-4 border-t border-ink-100 pt-5"
    >
      <h3 className="font-semibold text-ink-900">
        <Msg id="deal.notAsDescribed.title" />
      </h3>
      <FormField label={t('deal.notAsDescribed.item')} error={errors.item?.message}>
        <SelectWithPrompt
          prompt={<Msg id="deal.notAsDescribed.choose" />}
          choices={NOT_AS_DESCRIBED_SUBJECTS.map((subject) => ({ value: subject, label: subjectLabel(t, subject) }))}
          {...register('item')}
        />
      </FormField>
      <FormField label={t('deal.notAsDescribed.details')} error={errors.details?.message}>
        <Textarea rows={3} {...register('details')} />
      </FormField>
      <FormError message={fieldError(formError)} />
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" loading={report.isPending}>
          <Msg id="deal.notAsDescribed.submit" />
        </Button>
      </div>
    </form>
  );
}
