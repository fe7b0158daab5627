import type { CurrentUser, LoginRequest, SignupRequest, TokenResponse, UpdateAccountRequest } from '#shared/auth';
import type { AddUserRequest } from '#shared/users';
import type { InsertResult } from '#shared/common';
import { ACCESS_TOKEN_KEY, ApiError, api, enc } from '#client/api/http';

/** GET /auth/me: the signed-in account, or null when signed out (the provider's "auth state changed"). */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await api<CurrentUser>('/auth/me');
  } catch (error) {
    if (error instanceof ApiError && error.code === 'UNAUTHENTICATED') return null;
    throw error;
  }
}

export function logIn(request: LoginRequest) {
  return api<CurrentUser>('/auth/login', { method: 'POST', body: request });
}

export function signUp(request: SignupRequest) {
  return api<CurrentUser>('/auth/signup', { method: 'POST', body: request });
}

export function updateAccount(request: UpdateAccountRequest) {
  return api<CurrentUser>('/auth/update', { method: 'POST', body: request });
}

/** POST /addUser: the marketplace profile (name, role, photo) of the account just created. */
export function addUser(request: AddUserRequest) {
  return api<InsertResult>('/addUser', { method: 'POST', body: request });
}

export function logOut() {
  return api<void>('/auth/logout', { method: 'POST' });
}

/** GET /jwt?email=: a short-lived access token for the bearer calls, kept in local storage. */
export async function storeAccessToken(email: string): Promise<void> {
  const { accessToken } = await api<TokenResponse>(`/jwt?email=${enc(email)}`);
  localStorage.setItem(ACCESS_TOKEN_KEY, accessToken);
}

/** Signing in stores a token and signing out removes it: a browser without one has no session here. */
export const holdsAccessToken = () => localStorage.getItem(ACCESS_TOKEN_KEY) !== null;

export function forgetAccessToken(): void {
  localStorage.removeItem(ACCESS_TOKEN_KEY);
}
