import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { loginRequestSchema } from '../../../shared/auth';
import { PRODUCT_NAME } from '../../../shared/messages';
import { useAuth } from '../../auth/AuthProvider';
import { Button } from '../../components/Button';
import { FormError, FormField, Input } from '../../components/FormField';
import { AuthCard, OrDivider } from './AuthCard';
import { GoogleButton } from './GoogleButton';
import { redirectTarget } from './redirectTarget';
import { paths } from '../../../shared/paths';
import { showServerErrors } from '../../components/serverErrors';

type LoginForm = z.input<typeof loginRequestSchema>;

export function LoginPage() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm, unknown, z.output<typeof loginRequestSchema>>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '' },
  });

  const goBack = () => void navigate(redirectTarget(location.state), { replace: true });

  const submit = handleSubmit(async ({ email, password }) => {
    setServerError(null);
    try {
      await login(email, password);
      goBack();
    } catch (error) {
      setServerError(showServerErrors(error, setError, ['email', 'password'], 'Login failed. Please try again.'));
    }
  });

  return (
    <AuthCard
      title={`Welcome To ${PRODUCT_NAME}, Login Now !`}
      lead="Sign in to book phones, manage your listings and follow your orders."
      footer={
        <>
          New to {PRODUCT_NAME}?{' '}
          <Link to={paths.register} className="font-semibold text-brand-700 hover:text-brand-800">
            Register now
          </Link>
        </>
      }
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...register('email')} />
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...register('password')} />
        </FormField>
        <p className="-mt-2 text-right text-sm">
          <Link to={paths.forgotPassword} className="font-medium text-brand-700 hover:text-brand-800">
            Forgot password?
          </Link>
        </p>
        <FormError message={serverError} />
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          Login
        </Button>
      </form>
      <OrDivider />
      <GoogleButton mode="login" onSignedIn={goBack} />
    </AuthCard>
  );
}
