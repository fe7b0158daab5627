import { bookingReasonSchema, MAX_REASON_LENGTH, requiredReasonSchema } from '#shared/bookings';
import { Modal } from '#client/components/Modal';
import { ReasonForm } from '#client/components/ReasonForm';
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
  const t = useT();
  return (
    <Modal open={request !== null} onClose={onClose} title={request?.title ?? ''} description={request?.description}>
      {request && (
        <ReasonForm
          schema={request.required ? requiredReasonSchema : bookingReasonSchema}
          label={t(request.required ? 'deal.reason.required' : 'deal.reason.optional')}
          hint={t('deal.reason.hint', { max: MAX_REASON_LENGTH })}
          maxLength={MAX_REASON_LENGTH + 50}
          cancelText={<Msg id="deal.reason.keep" />}
          confirmText={request.confirmText}
          busy={busy}
          onClose={onClose}
          onConfirm={onConfirm}
        />
      )}
    </Modal>
  );
}
