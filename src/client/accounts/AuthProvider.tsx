import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { toast } from '#client/components/toast';
import { useNavigate } from 'react-router';
import type { CurrentUser, RegisterForm } from '#shared/auth';
import {
  addUser,
  fetchCurrentUser,
  forgetAccessToken,
  holdsAccessToken,
  logIn,
  logOut,
  signUp,
  storeAccessToken,
} from './api/auth';
import { profilePhotoToSend } from '#client/api/uploads';
import { ApiError } from '#client/api/http';
import { privateRoot } from '#client/api/queryKeys';
import { sameEmail } from './sameEmail';
import { paths } from '#shared/paths';
import { useT } from '#client/i18n';

interface AuthState {
  user: CurrentUser | null;
  /** True until the first session check answers, and while a sign-in, register or logout runs. */
  loading: boolean;
  login: (email: string, password: string) => Promise<CurrentUser>;
  /** Signs up and stores the profile; `photo` is a file from the device, uploaded once the account exists. */
  register: (form: RegisterForm, photo: File | null) => Promise<CurrentUser>;
  logout: () => Promise<void>;
  /** Asks the server again who is signed in (after a Google popup, for one) and renews the access token. */
  refresh: () => Promise<CurrentUser | null>;
}

const AuthContext = createContext<AuthState | null>(null);

/**
 * Sign-up opens the session before the profile is stored, so if a later register step fails, the
 * account is left without a role and signing up again answers 409. When this browser is still
 * signed in to that very account, a retry goes on with the remaining steps and finishes it; that
 * is safe because /addUser only sets a role that is still empty.
 */
async function signUpOrResume(email: string, password: string): Promise<void> {
  try {
    await signUp({ email, password });
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'ALREADY_EXISTS')) throw error;
    const current = await fetchCurrentUser();
    if (!current || !sameEmail(current.email, email)) throw error;
  }
}

// Access tokens live at most two hours; renewing well inside that keeps an open tab's bearer calls working.
const TOKEN_RENEWAL_MS = 30 * 60 * 1000;

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<CurrentUser | null>(null);
  const [loading, setLoading] = useState(true);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const t = useT();

  /** Runs one auth action with the loading flag up, the way the spec's provider does. */
  const withLoading = useCallback(async <T,>(action: () => Promise<T>): Promise<T> => {
    setLoading(true);
    try {
      return await action();
    } finally {
      setLoading(false);
    }
  }, []);

  // Nothing fetched for the last account may show to the next one.
  const signedOut = useCallback(() => {
    forgetAccessToken();
    setUser(null);
    queryClient.removeQueries({ queryKey: privateRoot });
  }, [queryClient]);

  const signedIn = useCallback(async (account: CurrentUser) => {
    await storeAccessToken(account.email);
    setUser(account);
    return account;
  }, []);

  const refresh = useCallback(
    () =>
      withLoading(async () => {
        const account = await fetchCurrentUser();
        if (account) return signedIn(account);
        signedOut();
        return null;
      }),
    [withLoading, signedIn, signedOut],
  );

  useEffect(() => {
    // A visitor who never signed in on this browser is signed out without asking the server, whose
    // refusal (401) browsers log as an error on every first page.
    if (!holdsAccessToken()) {
      setLoading(false);
      return;
    }
    refresh().catch((error: unknown) => {
      console.error('Could not check the session', error);
      setUser(null);
    });
  }, [refresh]);

  useEffect(() => {
    if (!user) return;
    const timer = setInterval(() => {
      storeAccessToken(user.email).catch((error: unknown) => console.error('Could not renew the access token', error));
    }, TOKEN_RENEWAL_MS);
    return () => clearInterval(timer);
  }, [user]);

  const login = useCallback(
    (email: string, password: string) =>
      withLoading(async () => {
        const account = await signedIn(await logIn({ email, password }));
        toast.success(t('accounts.toast.loginSuccess'));
        return account;
      }),
    [withLoading, signedIn, t],
  );

  const register = useCallback(
    (form: RegisterForm, photo: File | null) =>
      withLoading(async () => {
        await signUpOrResume(form.email, form.password);
        // The photo's upload goes with the new account's token, not one this browser kept from another.
        if (photo) await storeAccessToken(form.email);
        const photoURL = await profilePhotoToSend(photo, form.photoURL);
        await addUser({ name: form.name, email: form.email, role: form.role, photoURL, verified: false });
        const account = await fetchCurrentUser();
        if (!account) throw new Error(t('accounts.register.notSignedIn'));
        await signedIn(account);
        toast.success(t('accounts.toast.registerSuccess'));
        return account;
      }),
    [withLoading, signedIn, t],
  );

  const logout = useCallback(async () => {
    forgetAccessToken();
    try {
      await logOut();
      signedOut();
      toast.success(t('accounts.toast.logoutSuccess'));
      await navigate(paths.login);
    } catch (error) {
      console.error('Logout failed', error);
    }
  }, [navigate, signedOut, t]);

  const value = useMemo<AuthState>(
    () => ({ user, loading, login, register, logout, refresh }),
    [user, loading, login, register, logout, refresh],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth() needs an <AuthProvider> above it');
  return auth;
}
