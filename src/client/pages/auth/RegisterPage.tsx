import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { PASSWORD_MIN, registerFormSchema, type RegisterForm } from '../../../shared/auth';
import { PRODUCT_NAME } from '../../../shared/messages';
import { useAuth } from '../../auth/AuthProvider';
import { Button } from '../../components/Button';
import { FormError, FormField, Input, Select } from '../../components/FormField';
import { AuthCard, OrDivider } from './AuthCard';
import { GoogleButton } from './GoogleButton';
import { paths } from '../../../shared/paths';
import { showServerErrors } from '../../components/serverErrors';

const FORM_FIELDS = ['name', 'photoURL', 'email', 'password', 'role'] as const;

export function RegisterPage() {
  const { register: createAccount } = useAuth();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterForm, unknown, z.output<typeof registerFormSchema>>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { name: '', photoURL: '', email: '', password: '' },
  });

  const goHome = () => void navigate('/', { replace: true });

  const submit = handleSubmit(async (form) => {
    setServerError(null);
    try {
      await createAccount(form);
      goHome();
    } catch (error) {
      setServerError(showServerErrors(error, setError, FORM_FIELDS, 'Registration failed. Please try again.'));
    }
  });

  return (
    <AuthCard
      title={`Join ${PRODUCT_NAME}`}
      lead="Create an account to buy a used phone or sell yours."
      footer={
        <>
          Already have an account?{' '}
          <Link to={paths.login} className="font-semibold text-brand-700 hover:text-brand-800">
            Login
          </Link>
        </>
      }
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <FormField label="Name" error={errors.name?.message}>
          <Input autoComplete="name" {...register('name')} />
        </FormField>
        <FormField
          label="Photo URL"
          error={errors.photoURL?.message}
          hint="A link to your picture, starting with https://"
        >
          <Input type="url" inputMode="url" autoComplete="photo" placeholder="https://" {...register('photoURL')} />
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...register('email')} />
        </FormField>
        <FormField label="Password" error={errors.password?.message} hint={`At least ${PASSWORD_MIN} characters`}>
          <Input type="password" autoComplete="new-password" {...register('password')} />
        </FormField>
        <FormField label="Register As" error={errors.role?.message}>
          <Select defaultValue="" {...register('role')}>
            <option value="" disabled>
              Choose Buyer or Seller
            </option>
            <option value="buyer">Buyer</option>
            <option value="seller">Seller</option>
          </Select>
        </FormField>
        <FormError message={serverError} />
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          Register
        </Button>
      </form>
      <OrDivider />
      <GoogleButton mode="register" onSignedIn={goHome} />
    </AuthCard>
  );
}
