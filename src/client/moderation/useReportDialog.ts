import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReportForm } from '#shared/moderation';
import { toast } from '#client/components/toast';
import { useErrorText, useT } from '#client/i18n';

/** What a report's dialog is about and says, and what it says once the report is sent. */
export interface ReportTexts {
  subject: 'listing' | 'conversation' | 'user';
  title: string;
  description: string;
  doneText: string;
}

/** A person's report (a seller, the other side of a conversation): their name in the title, the text by what is reported. */
export function usePersonReportTexts(subject: 'conversation' | 'user', name: string): ReportTexts {
  const t = useT();
  return {
    subject,
    title: t('moderation.report.title', { name }),
    description: t(subject === 'user' ? 'moderation.report.sellerText' : 'moderation.report.conversationText'),
    doneText: t('moderation.report.done'),
  };
}

/**
 * A report button's dialog: open, then the report sent with what the thing reported adds to the
 * form; the dialog closes and says so once the server has it, and stays open on a refusal.
 */
export function useReportDialog<Request>(
  mutation: UseMutationResult<unknown, Error, Request>,
  toRequest: (form: ReportForm) => Request,
  { doneText, ...texts }: ReportTexts,
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
    dialog: { ...texts, open, busy: mutation.isPending, onClose: () => setOpen(false), onSubmit },
  };
}
