import { InputField } from '#client/components/InputField';
import { toast } from '#client/components/toast';
import { useNavigate } from 'react-router';
import { resetPasswordFormSchema } from '#shared/account';
import { paths } from '#shared/paths';
import { resetPassword } from './api/account';
import { useAuth } from './AuthProvider';
import { SchemaFormBody, useSchemaForm } from '#client/components/schemaForm';
import { AuthCard, AuthLink } from './AuthCard';
import { useLinkToken } from './tokenFromUrl';
import { useT } from '#client/i18n';

/** Opened from the reset mail: a new password, after which every session of the account has ended. */
export function ResetPasswordPage() {
  const token = useLinkToken();
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const form = useSchemaForm(resetPasswordFormSchema, { password: '', confirm: '' });
  const t = useT();

  const submit = form.submitWith(async ({ password }) => {
    const { message } = await resetPassword({ token, password });
    toast.success(message);
    // This browser's session ended with the others: the header must say so.
    await refresh().catch(() => null);
    await navigate(paths.login, { replace: true });
  });

  return (
    <AuthCard texts="accounts.reset" footer={<AuthLink to={paths.forgotPassword} text="accounts.reset.newLink" />}>
      <SchemaFormBody onSubmit={submit} form={form} submitText={t('accounts.reset.submit')} wide>
        <InputField form={form} name="password" label={t('accounts.reset.password')} autoComplete="new-password" />
        <InputField form={form} name="confirm" label={t('accounts.reset.again')} autoComplete="new-password" />
      </SchemaFormBody>
    </AuthCard>
  );
}
