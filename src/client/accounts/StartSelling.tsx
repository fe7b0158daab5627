import { InputField } from '#client/components/InputField';
import { toast } from '#client/components/toast';
import { Link, Navigate, useNavigate } from 'react-router';
import { paths } from '#shared/paths';
import { startSellingRequestSchema } from '#shared/users';
import { useQueryClient } from '@tanstack/react-query';
import { resendVerification, startSelling } from './api/account';
import { useAuth } from './AuthProvider';
import { Button, ButtonLink } from '#client/components/Button';
import { PageHeader } from '#client/components/PageHeader';
import { FullScreenSpinner } from '#client/components/Spinner';
import { SchemaFormBody, useSchemaForm } from '#client/components/schemaForm';
import { useDashboardRoles } from '#client/dashboard/useDashboardRoles';
import { useMessageCall } from './useMessageCall';
import { Msg, useLocale, useT } from '#client/i18n';
import { useFieldError } from './useFieldError';

const card = 'rounded-card border border-ink-200 bg-white p-6 shadow-card';

/** Step one: a seller's address must be proven first, so the form waits until it is. */
function VerifyFirst({ email }: { email: string }) {
  const resend = useMessageCall(resendVerification);
  return (
    <section aria-labelledby="verify-first" className={`${card} border-amber-200 bg-amber-50`}>
      <h2 id="verify-first" className="text-lg font-semibold text-amber-900">
        <Msg id="accounts.selling.verifyTitle" />
      </h2>
      <p className="mt-2 text-sm text-amber-900">
        <Msg
          id="accounts.selling.verifyText"
          values={{ email, strong: (chunks) => <strong translate="no">{chunks}</strong> }}
        />
      </p>
      <Button className="mt-4" variant="secondary" loading={resend.isPending} onClick={() => resend.mutate()}>
        <Msg id="accounts.sendLinkAgain" />
      </Button>
    </section>
  );
}

function SellerForm() {
  const { user, refresh } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const t = useT();
  const errorText = useFieldError();
  const { localePath } = useLocale();
  const form = useSchemaForm(startSellingRequestSchema, {
    name: user?.displayName ?? '',
    phoneNumber: user?.phoneNumber ?? '',
  });
  const { errors } = form.formState;
  // The account first (its number fills in Add Product), then the role checks: once they say
  // seller, this screen moves on to Add Product by itself.
  const submit = form.submitWith(async (request) => {
    toast.success((await startSelling(request)).message);
    await refresh();
    await queryClient.invalidateQueries();
    await navigate(paths.addProduct);
  });
  return (
    <section aria-labelledby="seller-fields" className={card}>
      <h2 id="seller-fields" className="mb-4 text-lg font-semibold">
        <Msg id="accounts.selling.formTitle" />
      </h2>
      <SchemaFormBody onSubmit={submit} form={form} submitText={t('accounts.selling.submit')}>
        <InputField form={form} name="name" texts="accounts.selling.name" autoComplete="name" />
        <InputField form={form} name="phoneNumber" texts="accounts.selling.mobile" autoComplete="tel" />
        <div className="flex flex-col gap-1.5">
          <label className="flex items-start gap-3 text-sm text-ink-800">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-brand-600"
              aria-invalid={errors.acceptTerms ? true : undefined}
              aria-describedby={errors.acceptTerms ? 'accept-terms-error' : undefined}
              {...form.register('acceptTerms')}
            />
            <span>
              <Msg
                id="accounts.selling.terms"
                values={{
                  terms: (chunks) => (
                    <Link
                      to={localePath(paths.terms)}
                      className="font-medium text-brand-700 underline underline-offset-2"
                    >
                      {chunks}
                    </Link>
                  ),
                }}
              />
            </span>
          </label>
          {errors.acceptTerms && (
            <p id="accept-terms-error" className="text-sm text-red-600">
              {errorText(errors.acceptTerms.message)}
            </p>
          )}
        </div>
      </SchemaFormBody>
    </section>
  );
}

/**
 * "Start selling": a buyer's account becomes a seller's too (docs/accounts.md). The address is
 * verified first, then the name and number buyers see; then Add Product.
 */
export function StartSelling() {
  const { user } = useAuth();
  const { roles, loading } = useDashboardRoles();
  const t = useT();
  if (!user || loading) return <FullScreenSpinner label={t('accounts.selling.checking')} />;
  if (roles.isSeller) return <Navigate to={paths.addProduct} replace />;

  return (
    <>
      <PageHeader title={t('accounts.selling.title')} description={t('accounts.selling.lead')} />
      <div className="grid max-w-2xl gap-6">
        {roles.isAdmin ? (
          <section className={card}>
            <p className="text-ink-700">
              <Msg id="accounts.selling.admin" />
            </p>
            <ButtonLink className="mt-4" to={paths.dashboard} variant="secondary">
              <Msg id="accounts.selling.backToDashboard" />
            </ButtonLink>
          </section>
        ) : user.emailVerified ? (
          <SellerForm />
        ) : (
          <VerifyFirst email={user.email} />
        )}
      </div>
    </>
  );
}
