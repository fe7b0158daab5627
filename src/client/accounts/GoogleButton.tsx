import { useState } from 'react';
import { toast } from '#client/components/toast';
import { useAuth } from './AuthProvider';
import { GOOGLE_WINDOW_CLOSED, signInWithGoogle } from './google';
import { useT } from '#client/i18n';
import { useFieldError } from './useFieldError';
import { Button } from '#client/components/Button';
import { FormError } from '#client/components/FormField';
import { useGoogleRedirectError } from './googleError';

interface GoogleButtonProps {
  mode: 'login' | 'register';
  /** Called once the account is signed in here too. */
  onSignedIn: () => void;
}

/** 'Login With Google' / 'Register With Google': the popup, then this tab picks up the new session. */
export function GoogleButton({ mode, onSignedIn }: GoogleButtonProps) {
  const { refresh } = useAuth();
  const t = useT();
  const errorText = useFieldError();
  const [busy, setBusy] = useState(false);
  // Shown under this button, not the password form, so it is not read as a password mistake.
  const [error, setError] = useState<string | null>(useGoogleRedirectError());

  const signIn = async () => {
    setBusy(true);
    setError(null);
    try {
      await signInWithGoogle(mode);
      if (!(await refresh())) throw new Error(t('accounts.google.notFinished'));
      toast.success(t(mode === 'login' ? 'accounts.toast.loginSuccess' : 'accounts.toast.registerSuccess'));
      onSignedIn();
    } catch (error) {
      if (!(error instanceof Error)) setError(t('accounts.google.failed'));
      // The popup's own sentence is written outside React; the others are the server's, already in the language.
      else setError(error.message === GOOGLE_WINDOW_CLOSED ? t('accounts.google.windowClosed') : error.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3">
      <Button variant="secondary" size="lg" className="w-full" loading={busy} onClick={() => void signIn()}>
        {!busy && (
          <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
            <path
              fill="#4285F4"
              d="M22.6 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.3-4.7 3.3-8Z"
            />
            <path
              fill="#34A853"
              d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.8c-1 .7-2.2 1-3.7 1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23Z"
            />
            <path fill="#FBBC05" d="M5.8 14a6.6 6.6 0 0 1 0-4.1V7.1H2.1a11 11 0 0 0 0 9.8L5.8 14Z" />
            <path
              fill="#EA4335"
              d="M12 5.4c1.6 0 3 .6 4.2 1.6l3.1-3.1A11 11 0 0 0 2.1 7.1L5.8 10c.9-2.7 3.3-4.6 6.2-4.6Z"
            />
          </svg>
        )}
        {t(mode === 'login' ? 'accounts.google.login' : 'accounts.google.register')}
      </Button>
      <FormError message={errorText(error)} />
    </div>
  );
}
