import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { resetPasswordFormSchema, type ResetPasswordForm } from '../../../shared/account';
import { resetPassword } from '../../api/account';
import { useAuth } from '../../auth/AuthProvider';
import { Button } from '../../components/Button';
import { FormError, FormField, Input } from '../../components/FormField';
import { AuthCard } from '../auth/AuthCard';
import { useLinkToken } from './tokenFromUrl';
import { paths } from '../../../shared/paths';
import { showServerErrors } from '../../components/serverErrors';

/** Opened from the reset mail: a new password, after which every session of the account has ended. */
export function ResetPasswordPage() {
  const token = useLinkToken();
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirm: '' },
  });

  const submit = handleSubmit(async ({ password }) => {
    setServerError(null);
    try {
      const { message } = await resetPassword({ token, password });
      toast.success(message);
      // This browser's session ended with the others: the header must say so.
      await refresh().catch(() => null);
      await navigate(paths.login, { replace: true });
    } catch (error) {
      setServerError(showServerErrors(error, setError, ['password']));
    }
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
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <FormField label="New password" error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...register('password')} />
        </FormField>
        <FormField label="New password again" error={errors.confirm?.message}>
          <Input type="password" autoComplete="new-password" {...register('confirm')} />
        </FormField>
        <FormError message={serverError} />
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          Save the new password
        </Button>
      </form>
    </AuthCard>
  );
}
