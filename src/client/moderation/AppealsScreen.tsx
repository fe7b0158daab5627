import { FormSubmit } from '#client/components/FormSubmit';
import { useSchemaForm } from '#client/components/schemaForm';
import { useState } from 'react';
import { toast } from '#client/components/toast';
import { Link } from 'react-router';
import { appealDecisionSchema, type Appeal, type AppealDecision } from '#shared/moderation';
import { paths } from '#shared/paths';
import { Button } from '#client/components/Button';
import type { Column } from '#client/components/DataTable';
import { FormField, SelectWithPrompt, Textarea } from '#client/components/FormField';
import { Modal } from '#client/components/Modal';
import { TablePage } from '#client/components/TablePage';
import { UserText } from '#client/components/UserText';
import { useFormat, useT } from '#client/i18n';
import { useAppeals, useDecideAppeal } from './api/moderation';
import { useModerationLabels } from './labels';
import { ModerationNav } from './ModerationNav';

/** Appeals waiting for a decision, the oldest first. */
export function AppealsScreen() {
  const appeals = useAppeals();
  const [deciding, setDeciding] = useState<Appeal | null>(null);
  const t = useT();
  const format = useFormat();
  const labels = useModerationLabels();
  const columns: ReadonlyArray<Column<Appeal>> = [
    { header: t('moderation.appeals.person'), kind: 'title', cell: (a) => <UserText>{a.userName}</UserText> },
    {
      header: t('moderation.appeals.decisionAppealed'),
      cell: (a) => (
        <>
          {labels.action(a.action.action, a.action.actionLabel)} ·{' '}
          {labels.actionReason(a.action.reason, a.action.reasonLabel)}
          {a.action.caseId && (
            <Link to={paths.moderationCase(a.action.caseId)} className="ml-1 text-brand-700 hover:underline">
              {t('moderation.appeals.caseLink')}
            </Link>
          )}
        </>
      ),
    },
    {
      header: t('moderation.appeals.appeal'),
      className: 'break-words',
      cell: (a) => <UserText>{a.text}</UserText>,
    },
    {
      header: t('moderation.appeals.sentAt'),
      className: 'whitespace-nowrap',
      cell: (a) => format.relative(a.createdAt),
    },
    {
      header: t('moderation.appeals.action'),
      kind: 'actions',
      cell: (a) => (
        <Button size="sm" onClick={() => setDeciding(a)}>
          {t('moderation.appeals.decide')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <ModerationNav />
      <TablePage texts="moderation.appeals" query={appeals} columns={columns}>
        <Modal
          open={deciding !== null}
          onClose={() => setDeciding(null)}
          title={t('moderation.appeals.decideTitle')}
          description={deciding ? `${deciding.userName}: “${deciding.text}”` : undefined}
        >
          {deciding && <DecisionForm appeal={deciding} onDone={() => setDeciding(null)} />}
        </Modal>
      </TablePage>
    </>
  );
}

function DecisionForm({ appeal, onDone }: { appeal: Appeal; onDone: () => void }) {
  const decide = useDecideAppeal();
  const t = useT();
  const form = useSchemaForm(appealDecisionSchema, {});
  const { errors } = form.formState;
  // mutateAsync: the decided appeal leaves the refetched list, which can unmount this form first.
  const submit = (decision: AppealDecision) =>
    decide.mutateAsync({ id: appeal._id, ...decision }).then(
      () => {
        toast.success(
          t(decision.decision === 'reversed' ? 'moderation.appeals.reversedDone' : 'moderation.appeals.upheldDone'),
        );
        onDone();
      },
      (error: Error) => toast.error(error.message),
    );
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="flex flex-col gap-4">
      <FormField label={t('moderation.appeals.decision')} error={errors.decision?.message}>
        <SelectWithPrompt
          prompt={t('moderation.appeals.choose')}
          choices={[
            { value: 'upheld', label: t('moderation.appeals.upheld') },
            { value: 'reversed', label: t('moderation.appeals.reversed') },
          ]}
          {...form.register('decision')}
        />
      </FormField>
      <FormField label={t('moderation.appeals.reason')} error={errors.reason?.message}>
        <Textarea rows={3} {...form.register('reason')} />
      </FormField>
      <FormSubmit error={decide.error?.message} busy={decide.isPending} className="sm:self-end">
        {t('moderation.appeals.decide')}
      </FormSubmit>
    </form>
  );
}
