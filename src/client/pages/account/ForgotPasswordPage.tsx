import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { forgotPasswordRequestSchema } from '../../../shared/account';
import { forgotPassword } from '../../api/account';
import { Button } from '../../components/Button';
import { FormError, FormField, Input } from '../../components/FormField';
import { AuthCard } from '../auth/AuthCard';
import { paths } from '../../../shared/paths';
import { showServerErrors } from '../../components/serverErrors';

type Form = z.input<typeof forgotPasswordRequestSchema>;

/** "Forgot password?": mails a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const [answer, setAnswer] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Form, unknown, z.output<typeof forgotPasswordRequestSchema>>({
    resolver: zodResolver(forgotPasswordRequestSchema),
    defaultValues: { email: '' },
  });

  const submit = handleSubmit(async ({ email }) => {
    setServerError(null);
    try {
      setAnswer((await forgotPassword({ email })).message);
    } catch (error) {
      setServerError(showServerErrors(error, setError, ['email']));
    }
  });

  return (
    <AuthCard
      title="Forgot your password?"
      lead="Enter the email address of your account and we will mail you a link to choose a new password."
      footer={
        <Link to={paths.login} className="font-semibold text-brand-700 hover:text-brand-800">
          Back to login
        </Link>
      }
    >
      {answer ? (
        <p
          role="status"
          className="rounded-control border border-brand-200 bg-brand-50 px-3.5 py-2.5 text-sm text-ink-800"
        >
          {answer}
        </p>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
          <FormField label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...register('email')} />
          </FormField>
          <FormError message={serverError} />
          <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
            Send me a link
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
