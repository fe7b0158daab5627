import { useState } from 'react';
import toast from 'react-hot-toast';
import { messages } from '../../../../shared/messages';
import { useApplyForVerification, useSellerVerified } from '../../../api/verification';
import { useAuth } from '../../../auth/AuthProvider';
import { Button } from '../../../components/Button';

/** Tells an unverified seller so and lets them apply; a verified seller sees nothing. */
export function VerificationNotice() {
  const { user } = useAuth();
  const check = useSellerVerified(user?.email ?? '');
  const apply = useApplyForVerification();
  const [applied, setApplied] = useState(false);

  if (!user || !check.data || check.data.verified) return null;

  function applyForVerification() {
    if (!user) return;
    apply.mutate(
      { name: user.displayName ?? '', email: user.email, photoURL: user.photoURL ?? '' },
      {
        onSuccess: (result) => {
          if (!result.acknowledged) return;
          setApplied(true);
          toast.success(messages.verificationApplied);
        },
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
          You are not a verifed Seller
        </h2>
        <p className="mt-1 text-sm text-amber-800">
          Verified sellers get a badge that buyers trust. You can still list phones while you wait.
        </p>
      </div>
      {applied ? (
        <p className="text-sm font-medium text-amber-900" role="status">
          Request sent
        </p>
      ) : (
        <Button loading={apply.isPending} onClick={applyForVerification}>
          Apply Verification
        </Button>
      )}
    </section>
  );
}
