import { Link, useNavigate } from 'react-router';
import { PASSWORD_MIN, registerFormSchema } from '../../../shared/auth';
import { PRODUCT_NAME } from '../../../shared/messages';
import { paths } from '../../../shared/paths';
import { useAuth } from '../../auth/AuthProvider';
import { FormField, Input, Select } from '../../components/FormField';
import { SchemaFormBody, useSchemaForm } from '../../components/schemaForm';
import { AuthCard, OrDivider } from './AuthCard';
import { GoogleButton } from './GoogleButton';

export function RegisterPage() {
  const { register: createAccount } = useAuth();
  const navigate = useNavigate();
  const {
    register,
    submitWith,
    serverError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(
    registerFormSchema,
    { name: '', photoURL: '', email: '', password: '' },
    'Registration failed. Please try again.',
  );

  const goHome = () => void navigate(paths.home, { replace: true });

  const submit = submitWith(async (form) => {
    await createAccount(form);
    goHome();
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
      <SchemaFormBody onSubmit={submit} serverError={serverError} submitting={isSubmitting} submitText="Register" wide>
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
      </SchemaFormBody>
      <OrDivider />
      <GoogleButton mode="register" onSignedIn={goHome} />
    </AuthCard>
  );
}
