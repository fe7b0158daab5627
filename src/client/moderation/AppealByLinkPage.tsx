import { FormSubmit } from '#client/components/FormSubmit';
import { useSchemaForm } from '#client/components/schemaForm';
import { useMutation } from '@tanstack/react-query';
import { toast } from '#client/components/toast';
import { Link } from 'react-router';
import { APPEAL_MONTHS, appealByLinkSchema, type AppealByLink } from '#shared/moderation';
import { paths } from '#shared/paths';
import { AuthCard } from '#client/accounts/AuthCard';
import { useLinkToken } from '#client/accounts/tokenFromUrl';
import { FormField, Textarea } from '#client/components/FormField';
import { useLocale, useT } from '#client/i18n';
import { appealByLink } from './api/moderation';

/**
 * Opened from the appeal link of a suspension mail. A suspended account cannot sign in, so the
 * link's signed token stands for it; it files one appeal, which a moderator decides like any other.
 */
export function AppealByLinkPage() {
  const token = useLinkToken();
  const t = useT();
  const { localePath } = useLocale();
  const file = useMutation({ mutationFn: appealByLink });
  const form = useSchemaForm(appealByLinkSchema, { token, text: '' });
  const { errors } = form.formState;
  const fieldError = errors.text?.message ?? errors.token?.message;
  const submit = (request: AppealByLink) =>
    file.mutate(request, {
      onSuccess: () => toast.success(t('moderation.appeal.sent')),
      onError: (error) => toast.error(error.message),
    });
  return (
    <AuthCard
      title={t('moderation.appeal.linkTitle')}
      lead={t('moderation.appeal.linkLead', { months: APPEAL_MONTHS })}
      footer={<Link to={localePath(paths.home)}>{t('moderation.appeal.backHome')}</Link>}
    >
      {file.isSuccess ? (
        <p role="status" className="text-ink-800">
          {t('moderation.appeal.linkSent')}
        </p>
      ) : (
        <form noValidate onSubmit={form.handleSubmit(submit)} className="flex flex-col gap-4">
          <FormField label={t('moderation.appeal.why')} error={fieldError}>
            <Textarea rows={5} maxLength={2050} {...form.register('text')} />
          </FormField>
          <FormSubmit error={file.error?.message} busy={file.isPending} size="lg" className="w-full">
            {t('moderation.appeal.send')}
          </FormSubmit>
        </form>
      )}
    </AuthCard>
  );
}
