import { useQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import {
  CHECKLIST_LABELS,
  notAsDescribedRequestSchema,
  NOT_AS_DESCRIBED_SUBJECTS,
  SUBJECT_LABELS,
  type NotAsDescribedRequest,
} from '#shared/trust';
import { productQueryOptions } from '#client/catalog/api/products';
import { NeirCheck } from '#client/catalog/NeirCheck';
import { Button } from '#client/components/Button';
import { FormError, FormField, Select, Textarea } from '#client/components/FormField';
import { Modal } from '#client/components/Modal';
import { showServerErrors } from '#client/components/serverErrors';
import { useState } from 'react';
import { useReportNotAsDescribed } from './api/handover';

export interface Handover {
  bookingId: string;
  productId: string | null;
  productName: string;
  side: 'buyer' | 'seller';
}

/**
 * The handover checklist both sides see once a booking is accepted (docs/trust.md): the buyer checks
 * the phone against its listing and NEIR before paying; the seller de-registers it after being paid.
 */
export function HandoverDialog({ handover, onClose }: { handover: Handover | null; onClose: () => void }) {
  return (
    <Modal
      open={handover !== null}
      onClose={onClose}
      title="Handover checklist"
      description={handover ? `${handover.productName}: what to do at the meeting` : undefined}
      className="max-w-2xl"
    >
      {handover && <HandoverSteps handover={handover} />}
    </Modal>
  );
}

function HandoverSteps({ handover }: { handover: Handover }) {
  const product = useQuery({ ...productQueryOptions(handover.productId ?? ''), enabled: handover.productId !== null });
  const last4 = product.data?.trust.imeiLast4;
  const checklist = product.data?.trust.checklist;
  const buyerSteps = [
    last4
      ? `Dial *#06# on the phone: the IMEI must end in ${last4}.`
      : 'Dial *#06# on the phone and note its IMEI (the listing gave none).',
    'Send the KYD SMS to 16002 with that IMEI: NEIR must answer that the phone is valid.',
    checklist
      ? `Check what the listing says: ${Object.entries(checklist)
          .map(
            ([item, answer]) =>
              `${CHECKLIST_LABELS[item as keyof typeof CHECKLIST_LABELS]}: ${answer.replace('_', ' ')}`,
          )
          .join('; ')}.`
      : 'Check the screen, cameras, speaker, charging and SIM slots.',
    'Check that the Google / iCloud account is signed out (Settings → Accounts).',
    'Pay only then, in person: PhoneHaat never takes payment in advance.',
  ];
  const sellerSteps = [
    'Let the buyer dial *#06#, send the KYD SMS and check the phone against your listing.',
    'Sign the phone out of your Google / iCloud account if you have not yet.',
    'Once paid, de-register the phone from your NID: dial *16161# or use the NEIR portal (neir.btrc.gov.bd).',
    'Then mark it sold: PhoneHaat asks you to confirm the de-registration.',
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
      toast.success('Reported: the admin will look at it.');
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
      <h3 className="font-semibold text-ink-900">Not as described?</h3>
      <FormField label="What is not as the listing said" error={errors.item?.message}>
        <Select defaultValue="" {...register('item')}>
          <option value="" disabled>
            Choose the item
          </option>
          {NOT_AS_DESCRIBED_SUBJECTS.map((subject) => (
            <option key={subject} value={subject}>
              {SUBJECT_LABELS[subject]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="What you found" error={errors.details?.message}>
        <Textarea rows={3} {...register('details')} />
      </FormField>
      <FormError message={formError} />
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" loading={report.isPending}>
          Report not as described
        </Button>
      </div>
    </form>
  );
}
