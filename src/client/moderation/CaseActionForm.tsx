import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import toast from 'react-hot-toast';
import {
  ACTION_LABELS,
  ACTION_REASON_LABELS,
  RESTRICTION_DAYS,
  caseActionSchema,
  type CaseAction,
  type ModerationAction,
} from '#shared/moderation';
import { Button } from '#client/components/Button';
import { FormError, FormField, Select, Textarea } from '#client/components/FormField';
import { useCaseAction } from './api/moderation';

/** What the person is told happens, so the moderator reads it before acting. */
const EFFECTS: Record<ModerationAction, string> = {
  dismiss: 'Closes the case; the reporters are told no rule was broken.',
  hide_listing: 'Takes the listing off sale until an appeal says otherwise; its open bookings end.',
  remove_listing: 'Removes the listing; its open bookings end with "the listing was removed".',
  request_changes: 'Takes the listing off sale and sends it back to the seller with your note, to edit and resubmit.',
  warn: 'Records a warning and tells the user.',
  restrict:
    'For the days chosen, the user can sign in and finish accepted deals, but not list, book, message or review.',
  suspend: 'Signs the user out everywhere, hides their listings, ends their open bookings; they cannot sign in.',
  hide_review:
    'Takes the review off the public page and the averages; its two people see it with your reason (with Other, your note).',
};

/** The moderator's decision on an open case: an action, a reason from the list, and a note. */
export function CaseActionForm({ caseId, actions }: { caseId: string; actions: ModerationAction[] }) {
  const act = useCaseAction(caseId);
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
  const submit = (values: CaseAction) =>
    act.mutate(values, {
      onSuccess: () => toast.success(`Done: ${ACTION_LABELS[values.action]}. The people concerned are told.`),
      onError: (error) => toast.error(error.message),
    });
  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="flex flex-col gap-4">
      <FormField label="Action" error={errors.action?.message} hint={action ? EFFECTS[action] : undefined}>
        <Select defaultValue="" {...register('action')}>
          <option value="" disabled>
            Choose an action
          </option>
          {actions.map((a) => (
            <option key={a} value={a}>
              {ACTION_LABELS[a]}
            </option>
          ))}
        </Select>
      </FormField>
      {action === 'restrict' && (
        <FormField label="For how long" error={errors.days?.message}>
          <Select defaultValue="" {...register('days')}>
            <option value="" disabled>
              Choose the days
            </option>
            {RESTRICTION_DAYS.map((days) => (
              <option key={days} value={days}>
                {days} {days === 1 ? 'day' : 'days'}
              </option>
            ))}
          </Select>
        </FormField>
      )}
      <FormField label="Reason" error={errors.reason?.message}>
        <Select defaultValue="" {...register('reason')}>
          <option value="" disabled>
            Choose a reason
          </option>
          {Object.entries(ACTION_REASON_LABELS).map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField
        label="Note (the user reads it)"
        error={errors.note?.message}
        hint="Say what to change, or why. Required with the reason Other."
      >
        <Textarea rows={3} maxLength={1050} {...register('note')} />
      </FormField>
      <FormError message={act.error?.message} />
      <Button type="submit" loading={act.isPending} className="sm:self-start">
        Apply
      </Button>
    </form>
  );
}
