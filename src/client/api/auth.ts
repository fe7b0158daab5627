import type { CurrentUser, RegisterForm } from '../../shared/auth';
import type { InsertResult } from '../../shared/common';
import { ACCESS_TOKEN_KEY, ApiError, api, enc } from './http';

/** GET /auth/me: the signed-in account, or null when signed out (the provider's "auth state changed"). */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await api<CurrentUser>('/auth/me');
  } catch (error) {
    if (error instanceof ApiError && error.code === 'UNAUTHENTICATED') return null;
    throw error;
  }
}

export function logIn(email: string, password: string) {
  return api<CurrentUser>('/auth/login', { method: 'POST', body: { email, password } });
}

export function signUp(email: string, password: string) {
  return api<CurrentUser>('/auth/signup', { method: 'POST', body: { email, password } });
}

export function updateAccount(displayName: string, photoURL: string) {
  return api<CurrentUser>('/auth/update', { method: 'POST', body: { displayName, photoURL } });
}

/** POST /addUser: the marketplace profile (name, role, photo) of the account just created. */
export function addUser(form: Pick<RegisterForm, 'name' | 'email' | 'role' | 'photoURL'>) {
  return api<InsertResult>('/addUser', {
    method: 'POST',
    body: { name: form.name, email: form.email, role: form.role, photoURL: form.photoURL, verified: false },
  });
}

export function logOut() {
  return api<void>('/auth/logout', { method: 'POST' });
}

/** GET /jwt?email=: a short-lived access token for the bearer calls, kept in local storage. */
export async function storeAccessToken(email: string): Promise<void> {
  const { accessToken } = await api<{ accessToken: string }>(`/jwt?email=${enc(email)}`);
  localStorage.setItem(ACCESS_TOKEN_KEY, accessToken);
}

export function forgetAccessToken(): void {
  localStorage.removeItem(ACCESS_TOKEN_KEY);
}
