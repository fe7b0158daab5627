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
import { Button } from '#client/components/Button';
import { FormError, FormField, Select, Textarea } from '#client/components/FormField';
import { useErrorText, useT, type MessageId } from '#client/i18n';
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
  const errorText = useErrorText();
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
  const errorOf = (message: string | undefined) => message && errorText(message);
  const submit = (values: CaseAction) =>
    act.mutate(values, {
      onSuccess: () => toast.success(t('moderation.caseAction.done', { action: labels.action(values.action) })),
      onError: (error) => toast.error(error.message),
    });
  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="flex flex-col gap-4">
      <FormField
        label={t('moderation.caseAction.action')}
        error={errorOf(errors.action?.message)}
        hint={action ? t(EFFECTS[action]) : undefined}
      >
        <Select defaultValue="" {...register('action')}>
          <option value="" disabled>
            {t('moderation.caseAction.chooseAction')}
          </option>
          {actions.map((a) => (
            <option key={a} value={a}>
              {labels.action(a)}
            </option>
          ))}
        </Select>
      </FormField>
      {action === 'restrict' && (
        <FormField label={t('moderation.caseAction.howLong')} error={errorOf(errors.days?.message)}>
          <Select defaultValue="" {...register('days')}>
            <option value="" disabled>
              {t('moderation.caseAction.chooseDays')}
            </option>
            {RESTRICTION_DAYS.map((days) => (
              <option key={days} value={days}>
                {t('moderation.caseAction.days', { days })}
              </option>
            ))}
          </Select>
        </FormField>
      )}
      <FormField label={t('moderation.caseAction.reason')} error={errorOf(errors.reason?.message)}>
        <Select defaultValue="" {...register('reason')}>
          <option value="" disabled>
            {t('moderation.caseAction.chooseReason')}
          </option>
          {Object.entries(ACTION_REASON_LABELS).map(([key, label]) => (
            <option key={key} value={key}>
              {labels.actionReason(key, label)}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField
        label={t('moderation.caseAction.note')}
        error={errorOf(errors.note?.message)}
        hint={t('moderation.caseAction.noteHint')}
      >
        <Textarea rows={3} maxLength={1050} {...register('note')} />
      </FormField>
      <FormError message={act.error?.message} />
      <Button type="submit" loading={act.isPending} className="sm:self-start">
        {t('moderation.caseAction.apply')}
      </Button>
    </form>
  );
}
