import { RestrictionNotice } from '#client/moderation/RestrictionNotice';
import { resendVerification } from '#client/accounts/api/account';
import { useAuth } from '#client/accounts/AuthProvider';
import { Button } from '#client/components/Button';
import { PageHeader } from '#client/components/PageHeader';
import { useMessageCall } from '#client/accounts/useMessageCall';
import { ProductForm } from './ProductForm';
import { VerificationNotice } from './VerificationNotice';
import { Msg } from '#client/i18n';

/** Before the form: a seller whose address is not verified could fill it in only to be refused. */
function VerifyEmailFirst({ email }: { email: string }) {
  const resend = useMessageCall(resendVerification);
  return (
    <section
      role="alert"
      className="flex flex-col gap-4 rounded-card border border-amber-200 bg-amber-50 p-5 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <p>
        <Msg
          id="listings.add.verifyFirst"
          values={{
            email,
            b: (chunks) => <span className="font-semibold">{chunks}</span>,
            strong: (chunks) => <strong translate="no">{chunks}</strong>,
          }}
        />
      </p>
      <Button variant="secondary" loading={resend.isPending} onClick={() => resend.mutate()}>
        <Msg id="accounts.sendLinkAgain" />
      </Button>
    </section>
  );
}

export function AddProduct() {
  const { user } = useAuth();
  return (
    <>
      <PageHeader texts="listings.add" />
      {user && !user.emailVerified ? (
        <VerifyEmailFirst email={user.email} />
      ) : (
        <>
          <RestrictionNotice doing="listing" />
          <VerificationNotice />
          <ProductForm />
        </>
      )}
    </>
  );
}
