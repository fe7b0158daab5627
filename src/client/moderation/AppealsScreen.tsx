import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { appealDecisionSchema, type Appeal, type AppealDecision } from '#shared/moderation';
import { paths } from '#shared/paths';
import { Button } from '#client/components/Button';
import type { Column } from '#client/components/DataTable';
import { FormError, FormField, Select, Textarea } from '#client/components/FormField';
import { formatWhen } from '#client/components/formatWhen';
import { Modal } from '#client/components/Modal';
import { TablePage } from '#client/components/TablePage';
import { useAppeals, useDecideAppeal } from './api/moderation';
import { ModerationNav } from './ModerationNav';

/** Appeals waiting for a decision, the oldest first. */
export function AppealsScreen() {
  const appeals = useAppeals();
  const [deciding, setDeciding] = useState<Appeal | null>(null);
  const columns: ReadonlyArray<Column<Appeal>> = [
    { header: 'Person', kind: 'title', cell: (a) => a.userName },
    {
      header: 'Decision appealed',
      cell: (a) => (
        <>
          {a.action.actionLabel} · {a.action.reasonLabel}
          {a.action.caseId && (
            <Link to={paths.moderationCase(a.action.caseId)} className="ml-1 text-brand-700 hover:underline">
              (case)
            </Link>
          )}
        </>
      ),
    },
    { header: 'Appeal', className: 'break-words', cell: (a) => a.text },
    { header: 'Sent', className: 'whitespace-nowrap', cell: (a) => formatWhen(a.createdAt) },
    {
      header: 'Action',
      kind: 'actions',
      cell: (a) => (
        <Button size="sm" onClick={() => setDeciding(a)}>
          Decide
        </Button>
      ),
    },
  ];
  return (
    <>
      <ModerationNav />
      <TablePage
        title="Appeals"
        description="People who ask for a decision to be looked at again. Reversing one undoes the action."
        query={appeals}
        noun="appeals"
        emptyTitle="No appeal waiting"
        caption="Appeals"
        columns={columns}
      >
        <Modal
          open={deciding !== null}
          onClose={() => setDeciding(null)}
          title="Decide the appeal"
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
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AppealDecision>({ resolver: zodResolver(appealDecisionSchema) });
  const submit = (decision: AppealDecision) =>
    decide.mutate(
      { id: appeal._id, ...decision },
      {
        onSuccess: () => {
          toast.success(
            decision.decision === 'reversed' ? 'Reversed: the action is undone.' : 'Upheld: the action stays.',
          );
          onDone();
        },
        onError: (error) => toast.error(error.message),
      },
    );
  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="flex flex-col gap-4">
      <FormField label="Decision" error={errors.decision?.message}>
        <Select defaultValue="" {...register('decision')}>
          <option value="" disabled>
            Choose
          </option>
          <option value="upheld">Upheld: the action stays</option>
          <option value="reversed">Reversed: undo the action</option>
        </Select>
      </FormField>
      <FormField label="Reason (the person reads it)" error={errors.reason?.message}>
        <Textarea rows={3} {...register('reason')} />
      </FormField>
      <FormError message={decide.error?.message} />
      <Button type="submit" loading={decide.isPending} className="sm:self-end">
        Decide
      </Button>
    </form>
  );
}
