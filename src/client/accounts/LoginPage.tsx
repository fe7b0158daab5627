import { InputField } from '#client/components/InputField';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginRequestSchema } from '#shared/auth';
import { PRODUCT_NAME } from '#shared/messages';
import { paths } from '#shared/paths';
import { useAuth } from './AuthProvider';
import { SchemaFormBody, useSchemaForm } from '#client/components/schemaForm';
import { AuthCard, AuthLink, OrDivider } from './AuthCard';
import { GoogleButton } from './GoogleButton';
import { redirectTarget } from './redirectTarget';
import { Msg, useT } from '#client/i18n';

export function LoginPage() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const t = useT();
  const form = useSchemaForm(loginRequestSchema, { email: '', password: '' }, t('accounts.login.failed'));

  const goBack = () => void navigate(redirectTarget(location.state), { replace: true });

  const submit = form.submitWith(async ({ email, password }) => {
    await login(email, password);
    goBack();
  });

  return (
    <AuthCard
      texts="accounts.login"
      footer={
        <Msg
          id="accounts.login.footer"
          values={{ product: PRODUCT_NAME, link: (chunks) => <AuthLink to={paths.register}>{chunks}</AuthLink> }}
        />
      }
    >
      <SchemaFormBody onSubmit={submit} form={form} submitText={t('accounts.login.submit')} wide>
        <InputField form={form} name="email" label={t('accounts.auth.email')} autoComplete="email" />
        <InputField form={form} name="password" label={t('accounts.auth.password')} autoComplete="current-password" />
        <p className="-mt-2 text-right text-sm">
          <Link to={paths.forgotPassword} className="font-medium text-brand-700 hover:text-brand-800">
            <Msg id="accounts.login.forgot" />
          </Link>
        </p>
      </SchemaFormBody>
      <OrDivider />
      <GoogleButton mode="login" onSignedIn={goBack} />
    </AuthCard>
  );
}
