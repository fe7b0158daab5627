import { resendVerification } from './api/account';
import { useAuth } from './AuthProvider';
import { Button } from '#client/components/Button';
import { useMessageCall } from './useMessageCall';
import { Msg, useT } from '#client/i18n';

/** Until the signed-in account's address is verified: says so, and sends the link again on request. */
export function EmailVerificationBanner() {
  const { user } = useAuth();
  const t = useT();
  const resend = useMessageCall(resendVerification);
  if (!user || user.emailVerified) return null;

  return (
    <section
      aria-label={t('accounts.banner.label')}
      className="flex flex-col gap-3 border-b border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-center"
    >
      <p>
        <Msg
          id="accounts.banner.text"
          values={{ email: user.email, strong: (chunks) => <strong translate="no">{chunks}</strong> }}
        />
      </p>
      <Button size="sm" variant="secondary" loading={resend.isPending} onClick={() => resend.mutate()}>
        <Msg id="accounts.sendLinkAgain" />
      </Button>
    </section>
  );
}
