import { FormSubmit } from '#client/components/FormSubmit';
import { useSchemaForm } from '#client/components/schemaForm';
import { QueryFallback } from '#client/components/QueryFallback';
import { useState } from 'react';
import { toast } from '#client/components/toast';
import { APPEAL_MONTHS, appealRequestSchema, type AppealRequest, type Notice } from '#shared/moderation';
import { Badge } from '#client/components/Badge';
import { Button } from '#client/components/Button';
import { EmptyState } from '#client/components/EmptyState';
import { FormField, Textarea } from '#client/components/FormField';
import { Modal } from '#client/components/Modal';
import { PageHeader } from '#client/components/PageHeader';
import { UserText } from '#client/components/UserText';
import { Msg, useFormat, useT } from '#client/i18n';
import { useFileAppeal, useStanding } from './api/moderation';
import { useModerationLabels } from './labels';
import { RestrictionNotice } from './RestrictionNotice';

/** What moderators decided about the signed-in account, and its appeals. */
export function AccountStanding() {
  const standing = useStanding();
  const [appealing, setAppealing] = useState<Notice | null>(null);
  const t = useT();
  const format = useFormat();
  const labels = useModerationLabels();
  const actionOf = (notice: Notice) => labels.action(notice.action, notice.actionLabel);
  const reasonOf = (notice: Notice) => labels.actionReason(null, notice.reasonLabel);
  if (standing.isPending || standing.isError) {
    return <QueryFallback query={standing} texts="moderation.standing" />;
  }
  const { notices } = standing.data;
  return (
    <>
      <PageHeader
        title={t('moderation.standing.title')}
        description={t('moderation.standing.description', { months: APPEAL_MONTHS })}
      />
      <RestrictionNotice />
      {notices.length === 0 ? (
        <EmptyState title={t('moderation.standing.allGood')} description={t('moderation.standing.allGoodText')} />
      ) : (
        <ul className="mt-4 flex flex-col gap-3">
          {notices.map((notice) => (
            <li key={notice._id} className="rounded-card border border-ink-200 bg-white p-4 shadow-card sm:p-5">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{actionOf(notice)}</span>
                {notice.subjectTitle && (
                  <span className="text-ink-600">
                    · <UserText>{notice.subjectTitle}</UserText>
                  </span>
                )}
                {notice.appeal && (
                  <Badge
                    tone={
                      notice.appeal.status === 'reversed'
                        ? 'success'
                        : notice.appeal.status === 'upheld'
                          ? 'danger'
                          : 'warning'
                    }
                  >
                    {t('moderation.standing.appealStatus', { status: notice.appeal.status })}
                  </Badge>
                )}
              </p>
              <p className="mt-1 text-sm text-ink-700">
                {t('moderation.standing.reason', { reason: reasonOf(notice) })}
                {notice.note && (
                  <>
                    {' ('}
                    <UserText>{notice.note}</UserText>)
                  </>
                )}
              </p>
              <p className="mt-1 text-sm text-ink-500">
                {format.dateTime(notice.at)}
                {notice.until && ` · ${t('moderation.standing.until', { date: format.dateTime(notice.until) })}`}
              </p>
              {notice.appeal?.decisionReason && (
                <p className="mt-1 text-sm text-ink-700">
                  <Msg
                    id="moderation.standing.decision"
                    values={{ reason: <UserText>{notice.appeal.decisionReason}</UserText> }}
                  />
                </p>
              )}
              {notice.appealable && (
                <Button size="sm" variant="secondary" className="mt-3" onClick={() => setAppealing(notice)}>
                  {t('moderation.standing.appeal')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={appealing !== null}
        onClose={() => setAppealing(null)}
        title={t('moderation.standing.appealTitle')}
        description={appealing ? `${actionOf(appealing)}: ${reasonOf(appealing)}` : undefined}
      >
        {appealing && <AppealForm logId={appealing._id} onDone={() => setAppealing(null)} />}
      </Modal>
    </>
  );
}

function AppealForm({ logId, onDone }: { logId: string; onDone: () => void }) {
  const file = useFileAppeal();
  const t = useT();
  const form = useSchemaForm(appealRequestSchema, { logId, text: '' });
  const { errors } = form.formState;
  const submit = (request: AppealRequest) =>
    file.mutate(request, {
      onSuccess: () => {
        toast.success(t('moderation.appeal.sent'));
        onDone();
      },
      onError: (error) => toast.error(error.message),
    });
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="flex flex-col gap-4">
      <FormField label={t('moderation.appeal.why')} error={errors.text?.message}>
        <Textarea rows={4} maxLength={2050} {...form.register('text')} />
      </FormField>
      <FormSubmit error={file.error?.message} busy={file.isPending} className="sm:self-end">
        {t('moderation.appeal.send')}
      </FormSubmit>
    </form>
  );
}
