import { FormSubmit } from '#client/components/FormSubmit';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { toast } from '#client/components/toast';
import {
  ACTION_REASON_LABELS,
  RESTRICTION_DAYS,
  caseActionSchema,
  type CaseAction,
  type ModerationAction,
} from '#shared/moderation';
import { FormField, SelectWithPrompt, Textarea } from '#client/components/FormField';
import { useT, type MessageId } from '#client/i18n';
import { useCaseAction } from './api/moderation';
import { useModerationLabels } from './labels';

/** What the person is told happens, so the moderator reads it before acting. */
const EFFECTS: Record<ModerationAction, MessageId> = {
  dismiss: 'moderation.effect.dismiss',
  hide_listing: 'moderation.effect.hide_listing',
  remove_listing: 'moderation.effect.remove_listing',
  request_changes: 'moderation.effect.request_changes',
  warn: 'moderation.effect.warn',
  restrict: 'moderation.effect.restrict',
  suspend: 'moderation.effect.suspend',
  hide_review: 'moderation.effect.hide_review',
};

/** The moderator's decision on an open case: an action, a reason from the list, and a note. */
export function CaseActionForm({ caseId, actions }: { caseId: string; actions: ModerationAction[] }) {
  const act = useCaseAction(caseId);
  const t = useT();
  const labels = useModerationLabels();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<CaseAction>({
    resolver: zodResolver(caseActionSchema) as unknown as Resolver<CaseAction>,
    defaultValues: { note: '' },
  });
  const action = useWatch({ control, name: 'action' });
  // mutateAsync, not mutate's callbacks: the refetch after the action can close the case and unmount
  // this form before the mutation settles, and mutate's callbacks are dropped with the component.
  const submit = (values: CaseAction) =>
    act.mutateAsync(values).then(
      () => toast.success(t('moderation.caseAction.done', { action: labels.action(values.action) })),
      (error: Error) => toast.error(error.message),
    );
  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="flex flex-col gap-4">
      <FormField
        label={t('moderation.caseAction.action')}
        error={errors.action?.message}
        hint={action ? t(EFFECTS[action]) : undefined}
      >
        <SelectWithPrompt
          prompt={t('moderation.caseAction.chooseAction')}
          choices={actions.map((a) => ({ value: a, label: labels.action(a) }))}
          {...register('action')}
        />
      </FormField>
      {action === 'restrict' && (
        <FormField label={t('moderation.caseAction.howLong')} error={errors.days?.message}>
          <SelectWithPrompt
            prompt={t('moderation.caseAction.chooseDays')}
            choices={RESTRICTION_DAYS.map((days) => ({
              value: days,
              label: t('moderation.caseAction.days', { days }),
            }))}
            {...register('days')}
          />
        </FormField>
      )}
      <FormField label={t('moderation.caseAction.reason')} error={errors.reason?.message}>
        <SelectWithPrompt
          prompt={t('moderation.caseAction.chooseReason')}
          choices={Object.entries(ACTION_REASON_LABELS).map(([key, label]) => ({
            value: key,
            label: labels.actionReason(key, label),
          }))}
          {...register('reason')}
        />
      </FormField>
      <FormField
        label={t('moderation.caseAction.note')}
        error={errors.note?.message}
        hint={t('moderation.caseAction.noteHint')}
      >
        <Textarea rows={3} maxLength={1050} {...register('note')} />
      </FormField>
      <FormSubmit error={act.error?.message} busy={act.isPending} className="sm:self-start">
        {t('moderation.caseAction.apply')}
      </FormSubmit>
    </form>
  );
}
