import { useState } from 'react';
import { forgotPasswordRequestSchema } from '#shared/account';
import { paths } from '#shared/paths';
import { forgotPassword } from './api/account';
import { FormField, Input } from '#client/components/FormField';
import { SchemaFormBody, useSchemaForm } from '#client/components/schemaForm';
import { AuthCard, AuthLink } from './AuthCard';

/** "Forgot password?": mails a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const [answer, setAnswer] = useState<string | null>(null);
  const form = useSchemaForm(forgotPasswordRequestSchema, { email: '' });
  const { errors } = form.formState;

  const submit = form.submitWith(async (request) => setAnswer((await forgotPassword(request)).message));

  return (
    <AuthCard
      title="Forgot your password?"
      lead="Enter the email address of your account and we will mail you a link to choose a new password."
      footer={<AuthLink to={paths.login}>Back to login</AuthLink>}
    >
      {answer ? (
        <p
          role="status"
          className="rounded-control border border-brand-200 bg-brand-50 px-3.5 py-2.5 text-sm text-ink-800"
        >
          {answer}
        </p>
      ) : (
        <SchemaFormBody onSubmit={submit} form={form} submitText="Send me a link" wide>
          <FormField label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...form.register('email')} />
          </FormField>
        </SchemaFormBody>
      )}
    </AuthCard>
  );
}
