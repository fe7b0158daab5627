import { useMutation } from '@tanstack/react-query';
import type { ConversationReport } from '#shared/moderation';
import { Button } from '#client/components/Button';
import { useT } from '#client/i18n';
import { reportConversation } from './api/moderation';
import { ReportDialog } from './ReportDialog';
import { usePersonReportTexts, useReportDialog } from './useReportDialog';

/** "Report" in a conversation: the admin sees the other side's last message and the ten before it. */
export function ReportConversationButton({ conversationId, name }: { conversationId: string; name: string }) {
  const t = useT();
  const report = useReportDialog(
    useMutation({ mutationFn: reportConversation }),
    (form) => ({ conversationId, ...(form as Omit<ConversationReport, 'conversationId'>) }),
    usePersonReportTexts('conversation', name),
  );
  return (
    <>
      <Button variant="ghost" size="sm" onClick={report.start} className="text-red-700">
        {t('moderation.report.button')}
      </Button>
      <ReportDialog {...report.dialog} />
    </>
  );
}
