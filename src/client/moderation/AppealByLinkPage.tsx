import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { APPEAL_MONTHS, appealByLinkSchema, type AppealByLink } from '#shared/moderation';
import { paths } from '#shared/paths';
import { AuthCard } from '#client/accounts/AuthCard';
import { useLinkToken } from '#client/accounts/tokenFromUrl';
import { Button } from '#client/components/Button';
import { FormError, FormField, Textarea } from '#client/components/FormField';
import { appealByLink } from './api/moderation';

/**
 * Opened from the appeal link of a suspension mail. A suspended account cannot sign in, so the
 * link's signed token stands for it; it files one appeal, which a moderator decides like any other.
 */
export function AppealByLinkPage() {
  const token = useLinkToken();
  const file = useMutation({ mutationFn: appealByLink });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AppealByLink>({ resolver: zodResolver(appealByLinkSchema), defaultValues: { token, text: '' } });
  const submit = (request: AppealByLink) =>
    file.mutate(request, {
      onSuccess: () => toast.success('Appeal sent. A moderator will decide and tell you.'),
      onError: (error) => toast.error(error.message),
    });
  return (
    <AuthCard
      title="Appeal your suspension"
      lead={`Tell the moderators why the decision is wrong. You can appeal once, within ${APPEAL_MONTHS} months; the answer comes by mail.`}
      footer={<Link to={paths.home}>Back to PhoneHaat</Link>}
    >
      {file.isSuccess ? (
        <p role="status" className="text-ink-800">
          Your appeal is sent. A moderator will decide it and tell you by mail; if the suspension is undone, you can
          sign in again.
        </p>
      ) : (
        <form noValidate onSubmit={handleSubmit(submit)} className="flex flex-col gap-4">
          <FormField label="Why is the decision wrong?" error={errors.text?.message ?? errors.token?.message}>
            <Textarea rows={5} maxLength={2050} {...register('text')} />
          </FormField>
          <FormError message={file.error?.message} />
          <Button type="submit" size="lg" className="w-full" loading={file.isPending}>
            Send appeal
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
