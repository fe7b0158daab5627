import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { ConversationReport, ReportForm } from '#shared/moderation';
import { Button } from '#client/components/Button';
import { reportConversation } from './api/moderation';
import { ReportDialog } from './ReportDialog';

/** "Report" in a conversation: the admin sees the other side's last message and the ten before it. */
export function ReportConversationButton({ conversationId, name }: { conversationId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const report = useMutation({ mutationFn: reportConversation });
  const send = (form: ReportForm) =>
    report.mutate(
      { conversationId, ...(form as Omit<ConversationReport, 'conversationId'>) },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success('Reported to admin. Thank you for keeping PhoneHaat safe.');
        },
        onError: (error) => toast.error(error.message),
      },
    );
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} className="text-red-700">
        Report
      </Button>
      <ReportDialog
        open={open}
        subject="conversation"
        title={`Report ${name}?`}
        description="The admin sees their last message and the ten before it, as they are now, even if they are deleted later."
        busy={report.isPending}
        onClose={() => setOpen(false)}
        onSubmit={send}
      />
    </>
  );
}
