import { useState } from 'react';
import { Link } from 'react-router';
import { unsubscribe } from './api/account';
import { Button } from '#client/components/Button';
import { FormError } from '#client/components/FormField';
import { AuthCard } from './AuthCard';
import { useLinkToken } from './tokenFromUrl';
import { paths } from '#shared/paths';
import { Msg, useT } from '#client/i18n';

/**
 * Opened from a notification mail's unsubscribe link; no sign-in needed. It asks for a click rather
 * than acting on opening, since mail scanners open links too.
 */
export function UnsubscribePage() {
  const token = useLinkToken();
  const t = useT();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      setDone((await unsubscribe({ token })).message);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('accounts.tryAgain'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      texts="accounts.unsubscribe"
      footer={
        <Link to={paths.account}>
          <Msg id="accounts.settings.title" />
        </Link>
      }
    >
      {done ? (
        <p role="status" className="text-ink-800">
          {done}
        </p>
      ) : (
        <div className="space-y-4">
          <FormError message={error} />
          <Button size="lg" className="w-full" loading={busy} onClick={() => void confirm()}>
            <Msg id="accounts.unsubscribe.submit" />
          </Button>
        </div>
      )}
    </AuthCard>
  );
}
