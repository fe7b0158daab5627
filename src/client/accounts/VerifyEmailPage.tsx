import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { verifyEmail } from './api/account';
import { useAuth } from './AuthProvider';
import { ButtonLink } from '#client/components/Button';
import { FormError } from '#client/components/FormField';
import { Spinner } from '#client/components/Spinner';
import { AuthCard } from './AuthCard';
import { useLinkToken } from './tokenFromUrl';
import { paths } from '#shared/paths';
import { Msg, useLocale, useT } from '#client/i18n';

/** Opened from the verification mail: uses the link once, then tells how it went. */
export function VerifyEmailPage() {
  const token = useLinkToken();
  const { user, refresh } = useAuth();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const started = useRef(false);
  const t = useT();
  const { localePath } = useLocale();

  useEffect(() => {
    // Once per page: React's development double effects must not use the single-use link twice.
    if (started.current) return;
    started.current = true;
    verifyEmail({ token })
      .then(async ({ message }) => {
        setOutcome({ ok: true, message });
        // The banner goes away and the seller screens open up in this browser at once.
        await refresh().catch(() => null);
      })
      .catch((error: unknown) =>
        setOutcome({ ok: false, message: error instanceof Error ? error.message : t('accounts.verify.failed') }),
      );
  }, [token, refresh, t]);

  return (
    <AuthCard
      texts="accounts.verify"
      footer={
        <Link to={localePath(paths.home)}>
          <Msg id="accounts.verify.home" />
        </Link>
      }
    >
      {!outcome ? (
        <p className="flex items-center gap-2 text-ink-600" role="status">
          <Spinner /> <Msg id="accounts.verify.checking" />
        </p>
      ) : outcome.ok ? (
        <div className="space-y-4">
          <p role="status" className="text-ink-800">
            {outcome.message}
          </p>
          <ButtonLink to={user ? paths.dashboard : paths.login}>
            {t(user ? 'accounts.verify.dashboard' : 'accounts.verify.login')}
          </ButtonLink>
        </div>
      ) : (
        <FormError message={outcome.message} />
      )}
    </AuthCard>
  );
}
