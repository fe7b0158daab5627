import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { resetPasswordFormSchema } from '../../../shared/account';
import { paths } from '../../../shared/paths';
import { resetPassword } from '../../api/account';
import { useAuth } from '../../auth/AuthProvider';
import { FormField, Input } from '../../components/FormField';
import { SchemaFormBody, useSchemaForm } from '../../components/schemaForm';
import { AuthCard } from '../auth/AuthCard';
import { useLinkToken } from './tokenFromUrl';

/** Opened from the reset mail: a new password, after which every session of the account has ended. */
export function ResetPasswordPage() {
  const token = useLinkToken();
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const {
    register,
    submitWith,
    serverError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(resetPasswordFormSchema, { password: '', confirm: '' });

  const submit = submitWith(async ({ password }) => {
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
      footer={
        <Link to={paths.forgotPassword} className="font-semibold text-brand-700 hover:text-brand-800">
          Ask for a new link
        </Link>
      }
    >
      <SchemaFormBody
        onSubmit={submit}
        serverError={serverError}
        submitting={isSubmitting}
        submitText="Save the new password"
        wide
      >
        <FormField label="New password" error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...register('password')} />
        </FormField>
        <FormField label="New password again" error={errors.confirm?.message}>
          <Input type="password" autoComplete="new-password" {...register('confirm')} />
        </FormField>
      </SchemaFormBody>
    </AuthCard>
  );
}
