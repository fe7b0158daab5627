import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '#client/components/toast';
import type { ConversationReport, ReportForm } from '#shared/moderation';
import { Button } from '#client/components/Button';
import { useT } from '#client/i18n';
import { reportConversation } from './api/moderation';
import { ReportDialog } from './ReportDialog';

/** "Report" in a conversation: the admin sees the other side's last message and the ten before it. */
export function ReportConversationButton({ conversationId, name }: { conversationId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const t = useT();
  const report = useMutation({ mutationFn: reportConversation });
  const send = (form: ReportForm) =>
    report.mutate(
      { conversationId, ...(form as Omit<ConversationReport, 'conversationId'>) },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success(t('moderation.report.done'));
        },
        onError: (error) => toast.error(error.message),
      },
    );
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} className="text-red-700">
        {t('moderation.report.button')}
      </Button>
      <ReportDialog
        open={open}
        subject="conversation"
        title={t('moderation.report.title', { name })}
        description={t('moderation.report.conversationText')}
        busy={report.isPending}
        onClose={() => setOpen(false)}
        onSubmit={send}
      />
    </>
  );
}
