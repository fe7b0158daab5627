import { Link, useLocation, useNavigate } from 'react-router';
import { loginRequestSchema } from '#shared/auth';
import { PRODUCT_NAME } from '#shared/messages';
import { paths } from '#shared/paths';
import { useAuth } from './AuthProvider';
import { FormField, Input } from '#client/components/FormField';
import { SchemaFormBody, useSchemaForm } from '#client/components/schemaForm';
import { AuthCard, AuthLink, OrDivider } from './AuthCard';
import { GoogleButton } from './GoogleButton';
import { redirectTarget } from './redirectTarget';

export function LoginPage() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useSchemaForm(loginRequestSchema, { email: '', password: '' }, 'Login failed. Please try again.');
  const { errors } = form.formState;

  const goBack = () => void navigate(redirectTarget(location.state), { replace: true });

  const submit = form.submitWith(async ({ email, password }) => {
    await login(email, password);
    goBack();
  });

  return (
    <AuthCard
      title={`Welcome To ${PRODUCT_NAME}, Login Now !`}
      lead="Sign in to book phones, manage your listings and follow your orders."
      footer={
        <>
          New to {PRODUCT_NAME}? <AuthLink to={paths.register}>Register now</AuthLink>
        </>
      }
    >
      <SchemaFormBody onSubmit={submit} form={form} submitText="Login" wide>
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </FormField>
        <p className="-mt-2 text-right text-sm">
          <Link to={paths.forgotPassword} className="font-medium text-brand-700 hover:text-brand-800">
            Forgot password?
          </Link>
        </p>
      </SchemaFormBody>
      <OrDivider />
      <GoogleButton mode="login" onSignedIn={goBack} />
    </AuthCard>
  );
}
