import { toast } from '#client/components/toast';
import { useApplyForVerification, useOwnVerification, useSellerVerified } from '#client/admin/api/verification';
import { useAuth } from '#client/accounts/AuthProvider';
import { Button } from '#client/components/Button';
import { Msg, useT } from '#client/i18n';

/** Tells an unverified seller so and lets them apply once; a verified seller sees nothing. */
export function VerificationNotice() {
  const { user } = useAuth();
  const check = useSellerVerified(user?.email ?? '');
  const unverified = check.data?.verified === false;
  const own = useOwnVerification(unverified);
  const apply = useApplyForVerification();
  const t = useT();

  if (!user || !unverified) return null;

  function applyForVerification() {
    if (!user) return;
    apply.mutate(
      { name: user.displayName ?? '', email: user.email, photoURL: user.photoURL ?? '' },
      {
        onSuccess: () => toast.success(t('listings.verification.applied')),
        onError: (error) => toast.error(error.message),
      },
    );
  }

  return (
    <section
      aria-labelledby="verification-notice"
      className="mb-6 flex flex-col gap-4 rounded-card border border-amber-200 bg-amber-50 p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id="verification-notice" className="text-base font-semibold text-amber-900">
          <Msg id="listings.verification.title" />
        </h2>
        <p className="mt-1 text-sm text-amber-800">
          {t(own.data?.requestedAt ? 'listings.verification.waiting' : 'listings.verification.lead')}
        </p>
      </div>
      {own.data?.requestedAt ? (
        <p className="text-sm font-medium text-amber-900" role="status">
          <Msg id="listings.verification.sent" />
        </p>
      ) : (
        // While the request status loads the button waits, so nobody applies twice by accident.
        <Button loading={apply.isPending || own.isPending} onClick={applyForVerification}>
          <Msg id="listings.verification.apply" />
        </Button>
      )}
    </section>
  );
}
