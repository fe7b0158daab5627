import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import {
  REASONS_BY_SUBJECT,
  REPORT_NOTE_MAX,
  REPORT_REASON_LABELS,
  reportFormSchemas,
  type ReportForm,
} from '#shared/moderation';
import { FormError, FormField, SelectWithPrompt, Textarea } from '#client/components/FormField';
import { DialogActions, Modal } from '#client/components/Modal';
import { useErrorText, useT } from '#client/i18n';
import { useModerationLabels } from './labels';

interface ReportDialogProps {
  open: boolean;
  subject: 'listing' | 'conversation' | 'user';
  title: string;
  description: string;
  busy: boolean;
  /** The server's refusal, if the last try was refused. */
  error?: string | null;
  onClose: () => void;
  onSubmit: (report: ReportForm) => void;
}

/** Asks why something is reported: a reason from the thing's list, and words (required with "Other"). */
export function ReportDialog({ open, onClose, title, description, ...form }: ReportDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title={title} description={description}>
      {open && <ReportFormFields {...form} onClose={onClose} />}
    </Modal>
  );
}

function ReportFormFields({
  subject,
  busy,
  error,
  onClose,
  onSubmit,
}: Pick<ReportDialogProps, 'subject' | 'busy' | 'error' | 'onClose' | 'onSubmit'>) {
  const t = useT();
  const errorText = useErrorText();
  const labels = useModerationLabels();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ReportForm>({
    // Each kind's schema holds a subset of the reasons, so its values are a ReportForm.
    resolver: zodResolver(reportFormSchemas[subject]) as unknown as Resolver<ReportForm>,
    defaultValues: { note: '' },
  });
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-5">
      <FormField label={t('moderation.report.reason')} error={errors.reason?.message}>
        <SelectWithPrompt
          prompt={t('moderation.report.chooseReason')}
          choices={REASONS_BY_SUBJECT[subject].map((reason) => ({
            value: reason,
            label: labels.reportReason(reason, REPORT_REASON_LABELS[reason]),
          }))}
          {...register('reason')}
        />
      </FormField>
      <FormField
        label={t('moderation.report.note')}
        error={errors.note?.message}
        hint={t('moderation.report.noteHint', { max: REPORT_NOTE_MAX })}
      >
        <Textarea rows={3} maxLength={REPORT_NOTE_MAX + 50} {...register('note')} />
      </FormField>
      <FormError message={error && errorText(error)} />
      <DialogActions
        cancelText={t('moderation.report.cancel')}
        onCancel={onClose}
        confirmText={t('moderation.report.send')}
        busy={busy}
      />
    </form>
  );
}
