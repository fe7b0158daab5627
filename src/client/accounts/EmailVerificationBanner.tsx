import { resendVerification } from './api/account';
import { useAuth } from './AuthProvider';
import { Button } from '#client/components/Button';
import { useMessageCall } from './useMessageCall';

/** Until the signed-in account's address is verified: says so, and sends the link again on request. */
export function EmailVerificationBanner({ reason }: { reason?: string }) {
  const { user } = useAuth();
  const resend = useMessageCall(resendVerification);
  if (!user || user.emailVerified) return null;

  return (
    <section
      aria-label="Verify your email"
      className="flex flex-col gap-3 border-b border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-center"
    >
      <p>
        {reason ?? 'Please verify your email address:'} we mailed a link to <strong>{user.email}</strong>.
      </p>
      <Button size="sm" variant="secondary" loading={resend.isPending} onClick={() => resend.mutate()}>
        Send the link again
      </Button>
    </section>
  );
}
