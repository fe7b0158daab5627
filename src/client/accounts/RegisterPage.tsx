import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PASSWORD_MIN, registerFormSchema } from '#shared/auth';
import { PRODUCT_NAME } from '#shared/messages';
import { paths } from '#shared/paths';
import { useAuth } from './AuthProvider';
import { FormField, Input, Select } from '#client/components/FormField';
import { SchemaFormBody, useSchemaForm } from '#client/components/schemaForm';
import { ProfilePhotoField } from './ProfilePhotoField';
import { AuthCard, AuthLink, OrDivider } from './AuthCard';
import { GoogleButton } from './GoogleButton';

const policyLink = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

export function RegisterPage() {
  const { register: createAccount } = useAuth();
  const navigate = useNavigate();
  const [photo, setPhoto] = useState<File | null>(null);
  // Every account buys; the role says only whether it sells from the start, so Buyer is the default.
  const form = useSchemaForm(
    registerFormSchema,
    { name: '', photoURL: '', email: '', password: '', role: 'buyer' },
    'Registration failed. Please try again.',
  );
  const { errors } = form.formState;

  const goHome = () => void navigate(paths.home, { replace: true });

  const submit = form.submitWith(async (values) => {
    await createAccount(values, photo);
    goHome();
  });

  return (
    <AuthCard
      title={`Join ${PRODUCT_NAME}`}
      lead="One account to buy a used phone and to sell yours."
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
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <FormField label="Password" error={errors.password?.message} hint={`At least ${PASSWORD_MIN} characters`}>
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <ProfilePhotoField
          name={form.watch('name')}
          file={photo}
          onFile={setPhoto}
          urlInput={form.register('photoURL')}
          typedUrl={form.watch('photoURL')}
          urlError={errors.photoURL?.message}
        />
        <FormField
          label="Register As"
          error={errors.role?.message}
          hint="Every account can buy. Choose Seller to list phones right away, or start selling later."
        >
          <Select {...form.register('role')}>
            <option value="buyer">Buyer</option>
            <option value="seller">Seller</option>
          </Select>
        </FormField>
        <p className="text-sm text-ink-600">
          By registering you agree to our{' '}
          <Link to={paths.terms} className={policyLink}>
            Terms &amp; Conditions
          </Link>{' '}
          and{' '}
          <Link to={paths.privacy} className={policyLink}>
            Privacy Policy
          </Link>
          .
        </p>
      </SchemaFormBody>
      <OrDivider />
      <GoogleButton mode="register" onSignedIn={goHome} />
    </AuthCard>
  );
}
