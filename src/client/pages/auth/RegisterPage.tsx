import { useNavigate } from 'react-router';
import { PASSWORD_MIN, registerFormSchema } from '../../../shared/auth';
import { PRODUCT_NAME } from '../../../shared/messages';
import { paths } from '../../../shared/paths';
import { useAuth } from '../../auth/AuthProvider';
import { FormField, Input, Select } from '../../components/FormField';
import { SchemaFormBody, useSchemaForm } from '../../components/schemaForm';
import { AuthCard, AuthLink, OrDivider } from './AuthCard';
import { GoogleButton } from './GoogleButton';

export function RegisterPage() {
  const { register: createAccount } = useAuth();
  const navigate = useNavigate();
  const form = useSchemaForm(
    registerFormSchema,
    { name: '', photoURL: '', email: '', password: '' },
    'Registration failed. Please try again.',
  );
  const { errors } = form.formState;

  const goHome = () => void navigate(paths.home, { replace: true });

  const submit = form.submitWith(async (form) => {
    await createAccount(form);
    goHome();
  });

  return (
    <AuthCard
      title={`Join ${PRODUCT_NAME}`}
      lead="Create an account to buy a used phone or sell yours."
      footer={
        <>
          Already have an account? <AuthLink to={paths.login}>Login</AuthLink>
        </>
      }
    >
      <SchemaFormBody onSubmit={submit} form={form} submitText="Register" wide>
        <FormField label="Name" error={errors.name?.message}>
          <Input autoComplete="name" {...form.register('name')} />
        </FormField>
        <FormField
          label="Photo URL"
          error={errors.photoURL?.message}
          hint="A link to your picture, starting with https://"
        >
          <Input
            type="url"
            inputMode="url"
            autoComplete="photo"
            placeholder="https://"
            {...form.register('photoURL')}
          />
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <FormField label="Password" error={errors.password?.message} hint={`At least ${PASSWORD_MIN} characters`}>
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <FormField label="Register As" error={errors.role?.message}>
          <Select defaultValue="" {...form.register('role')}>
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
