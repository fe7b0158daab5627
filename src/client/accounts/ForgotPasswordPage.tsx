import { InputField } from '#client/components/InputField';
import { useState } from 'react';
import { forgotPasswordRequestSchema } from '#shared/account';
import { paths } from '#shared/paths';
import { forgotPassword } from './api/account';
import { SchemaFormBody, useSchemaForm } from '#client/components/schemaForm';
import { AuthCard, AuthLink } from './AuthCard';
import { useT } from '#client/i18n';

/** "Forgot password?": mails a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const [answer, setAnswer] = useState<string | null>(null);
  const form = useSchemaForm(forgotPasswordRequestSchema, { email: '' });
  const t = useT();

  const submit = form.submitWith(async (request) => setAnswer((await forgotPassword(request)).message));

  return (
    <AuthCard texts="accounts.forgot" footer={<AuthLink to={paths.login} text="accounts.forgot.back" />}>
      {answer ? (
        <p
          role="status"
          className="rounded-control border border-brand-200 bg-brand-50 px-3.5 py-2.5 text-sm text-ink-800"
        >
          {answer}
        </p>
      ) : (
        <SchemaFormBody onSubmit={submit} form={form} submitText={t('accounts.forgot.submit')} wide>
          <InputField form={form} name="email" label={t('accounts.auth.email')} autoComplete="email" />
        </SchemaFormBody>
      )}
    </AuthCard>
  );
}
