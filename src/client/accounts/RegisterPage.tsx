import { InputField } from '#client/components/InputField';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PASSWORD_MIN, registerFormSchema } from '#shared/auth';
import { paths } from '#shared/paths';
import { useAuth } from './AuthProvider';
import { FormField, Select } from '#client/components/FormField';
import { SchemaFormBody, useSchemaForm } from '#client/components/schemaForm';
import { ProfilePhotoField } from './ProfilePhotoField';
import { AuthCard, AuthLink, OrDivider } from './AuthCard';
import { GoogleButton } from './GoogleButton';
import { Msg, useLocale, useT } from '#client/i18n';

const policyLink = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

export function RegisterPage() {
  const { register: createAccount } = useAuth();
  const navigate = useNavigate();
  const [photo, setPhoto] = useState<File | null>(null);
  const t = useT();
  const { localePath } = useLocale();
  // Every account buys; the role says only whether it sells from the start, so Buyer is the default.
  const form = useSchemaForm(
    registerFormSchema,
    { name: '', photoURL: '', email: '', password: '', role: 'buyer' },
    t('accounts.register.failed'),
  );
  const { errors } = form.formState;

  const goHome = () => void navigate(paths.home, { replace: true });

  const submit = form.submitWith(async (values) => {
    await createAccount(values, photo);
    goHome();
  });

  return (
    <AuthCard
      texts="accounts.register"
      footer={
        <Msg
          id="accounts.register.footer"
          values={{ link: (chunks) => <AuthLink to={paths.login}>{chunks}</AuthLink> }}
        />
      }
    >
      <SchemaFormBody onSubmit={submit} form={form} submitText={t('accounts.register.submit')} wide>
        <InputField form={form} name="name" label={t('accounts.auth.name')} autoComplete="name" />
        <InputField form={form} name="email" label={t('accounts.auth.email')} autoComplete="email" />
        <InputField
          form={form}
          name="password"
          label={t('accounts.auth.password')}
          hint={t('accounts.register.passwordHint', { min: PASSWORD_MIN })}
          autoComplete="new-password"
        />
        <ProfilePhotoField form={form} nameField="name" file={photo} onFile={setPhoto} />
        <FormField
          label={t('accounts.register.role')}
          error={errors.role?.message}
          hint={t('accounts.register.roleHint')}
        >
          <Select {...form.register('role')}>
            <option value="buyer">{t('accounts.register.buyer')}</option>
            <option value="seller">{t('accounts.register.seller')}</option>
          </Select>
        </FormField>
        <p className="text-sm text-ink-600">
          <Msg
            id="accounts.register.agree"
            values={{
              terms: (chunks) => (
                <Link to={localePath(paths.terms)} className={policyLink}>
                  {chunks}
                </Link>
              ),
              privacy: (chunks) => (
                <Link to={localePath(paths.privacy)} className={policyLink}>
                  {chunks}
                </Link>
              ),
            }}
          />
        </p>
      </SchemaFormBody>
      <OrDivider />
      <GoogleButton mode="register" onSignedIn={goHome} />
    </AuthCard>
  );
}
