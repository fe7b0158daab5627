import { resendVerification } from '#client/accounts/api/account';
import { useAuth } from '#client/accounts/AuthProvider';
import { Button } from '#client/components/Button';
import { PageHeader } from '#client/components/PageHeader';
import { useMessageCall } from '#client/accounts/useMessageCall';
import { ProductForm } from './ProductForm';
import { VerificationNotice } from './VerificationNotice';

/** Before the form: a seller whose address is not verified could fill it in only to be refused. */
function VerifyEmailFirst({ email }: { email: string }) {
  const resend = useMessageCall(resendVerification);
  return (
    <section
      role="alert"
      className="flex flex-col gap-4 rounded-card border border-amber-200 bg-amber-50 p-5 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <p>
        <span className="font-semibold">Please verify your email address before you list a phone.</span> Open the link
        we mailed to <strong>{email}</strong>; the form appears here once your address is verified.
      </p>
      <Button variant="secondary" loading={resend.isPending} onClick={() => resend.mutate()}>
        Send the link again
      </Button>
    </section>
  );
}

export function AddProduct() {
  const { user } = useAuth();
  return (
    <>
      <PageHeader title="Add Product" description="List a used phone for sale. Buyers see it on its category page." />
      {user && !user.emailVerified ? (
        <VerifyEmailFirst email={user.email} />
      ) : (
        <>
          <VerificationNotice />
          <ProductForm />
        </>
      )}
    </>
  );
}
