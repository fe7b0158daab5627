import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { bookingReasonSchema, MAX_REASON_LENGTH, requiredReasonSchema } from '#shared/bookings';
import { FormField, Textarea } from '#client/components/FormField';
import { DialogActions, Modal } from '#client/components/Modal';
import { Msg, useT } from '#client/i18n';

export interface ReasonRequest {
  title: string;
  description: string;
  confirmText: string;
  /** Calling off an accepted deal needs a reason; declining a request does not. */
  required: boolean;
}

interface ReasonDialogProps {
  request: ReasonRequest | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}

/** Asks for the short reason the other side reads with a decline or a cancellation. */
export function ReasonDialog({ request, busy, onClose, onConfirm }: ReasonDialogProps) {
  return (
    <Modal open={request !== null} onClose={onClose} title={request?.title ?? ''} description={request?.description}>
      {request && <ReasonForm request={request} busy={busy} onClose={onClose} onConfirm={onConfirm} />}
    </Modal>
  );
}

function ReasonForm({
  request,
  busy,
  onClose,
  onConfirm,
}: Omit<ReasonDialogProps, 'request'> & { request: ReasonRequest }) {
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<{ reason?: string }>({
    resolver: zodResolver(request.required ? requiredReasonSchema : bookingReasonSchema),
    defaultValues: { reason: '' },
  });
  const t = useT();
  // The dialog gives focus to its close button first; the reason is what there is to type.
  useEffect(() => setFocus('reason'), [setFocus]);
  return (
    <form noValidate onSubmit={handleSubmit(({ reason }) => onConfirm(reason ?? ''))} className="flex flex-col gap-5">
      <FormField
        label={t(request.required ? 'deal.reason.required' : 'deal.reason.optional')}
        error={errors.reason?.message}
        hint={t('deal.reason.hint', { max: MAX_REASON_LENGTH })}
      >
        <Textarea maxLength={MAX_REASON_LENGTH + 50} rows={3} {...register('reason')} />
      </FormField>
      <DialogActions
        cancelText={<Msg id="deal.reason.keep" />}
        onCancel={onClose}
        confirmText={request.confirmText}
        busy={busy}
      />
    </form>
  );
}
