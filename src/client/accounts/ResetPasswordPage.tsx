import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { resetPasswordFormSchema } from '#shared/account';
import { paths } from '#shared/paths';
import { resetPassword } from './api/account';
import { useAuth } from './AuthProvider';
import { FormField, Input } from '#client/components/FormField';
import { SchemaFormBody, useSchemaForm } from '#client/components/schemaForm';
import { AuthCard, AuthLink } from './AuthCard';
import { useLinkToken } from './tokenFromUrl';

/** Opened from the reset mail: a new password, after which every session of the account has ended. */
export function ResetPasswordPage() {
  const token = useLinkToken();
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const form = useSchemaForm(resetPasswordFormSchema, { password: '', confirm: '' });
  const { errors } = form.formState;

  const submit = form.submitWith(async ({ password }) => {
    const { message } = await resetPassword({ token, password });
    toast.success(message);
    // This browser's session ended with the others: the header must say so.
    await refresh().catch(() => null);
    await navigate(paths.login, { replace: true });
  });

  return (
    <AuthCard
      title="Choose a new password"
      lead="At least 8 characters, and not one of the common ones. You will be signed out everywhere."
      footer={<AuthLink to={paths.forgotPassword}>Ask for a new link</AuthLink>}
    >
      <SchemaFormBody onSubmit={submit} form={form} submitText="Save the new password" wide>
        <FormField label="New password" error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <FormField label="New password again" error={errors.confirm?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('confirm')} />
        </FormField>
      </SchemaFormBody>
    </AuthCard>
  );
}
