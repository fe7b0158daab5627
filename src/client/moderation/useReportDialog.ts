import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReportForm } from '#shared/moderation';
import { toast } from '#client/components/toast';
import { useErrorText } from '#client/i18n';

/**
 * A report button's dialog: open, then the report sent with what the thing reported adds to the
 * form; the dialog closes and says so once the server has it, and stays open on a refusal.
 */
export function useReportDialog<Request>(
  mutation: UseMutationResult<unknown, Error, Request>,
  toRequest: (form: ReportForm) => Request,
  doneText: string,
) {
  const [open, setOpen] = useState(false);
  const errorText = useErrorText();
  const onSubmit = (form: ReportForm) =>
    mutation.mutate(toRequest(form), {
      onSuccess: () => {
        setOpen(false);
        toast.success(doneText);
      },
      onError: (error) => toast.error(errorText(error.message)),
    });
  return {
    start: () => setOpen(true),
    /** ReportDialog's props for the dialog's state and sending. */
    dialog: { open, busy: mutation.isPending, onClose: () => setOpen(false), onSubmit },
  };
}
