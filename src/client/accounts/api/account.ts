import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountMessage,
  ChangePasswordRequest,
  DeleteAccountRequest,
  ForgotPasswordRequest,
  LinkTokenRequest,
  MailSettings,
  ResetPasswordRequest,
  SessionsEnded,
  SignedInDevices,
  Unsubscribed,
  UpdateMailSettingsRequest,
} from '#shared/account';
import type { StartSellingRequest } from '#shared/users';
import { api } from '#client/api/http';
import { queryKeys } from '#client/api/queryKeys';

/*
 * Account recovery and settings (docs/accounts.md). These calls go with the session cookie: they
 * are the app's own, not the spec's bearer calls.
 */

const post = <T = AccountMessage>(path: string, body?: unknown) => api<T>(path, { method: 'POST', body });

export const verifyEmail = (request: LinkTokenRequest) => post('/account/verify-email', request);
export const resendVerification = () => post('/account/verify-email/resend');
export const forgotPassword = (request: ForgotPasswordRequest) => post('/account/forgot-password', request);
export const resetPassword = (request: ResetPasswordRequest) => post('/account/reset-password', request);
export const changePassword = (request: ChangePasswordRequest) => post('/account/password', request);
export const signOutOthers = () => post<SessionsEnded>('/account/sign-out-others');
export const deleteAccount = (request: DeleteAccountRequest) => post('/account/delete', request);
export const unsubscribe = (request: LinkTokenRequest) => post<Unsubscribed>('/account/unsubscribe', request);

/** POST /account/start-selling: the account sells from now on; its role checks answer so once read again. */
export const startSelling = (request: StartSellingRequest) => post('/account/start-selling', request);

export function useMailSettings() {
  return useQuery({ queryKey: queryKeys.mailSettings, queryFn: () => api<MailSettings>('/account/mail-settings') });
}

export function useUpdateMailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: UpdateMailSettingsRequest) =>
      api<MailSettings>('/account/mail-settings', { method: 'PUT', body: request }),
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.mailSettings, settings),
  });
}

export function useSignedInDevices() {
  return useQuery({
    queryKey: queryKeys.signedInDevices,
    queryFn: () => api<SignedInDevices>('/account/sessions'),
  });
}

/** Signs another device out; the list is read again, as are the devices after "all other devices". */
export function useSignOutDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<SessionsEnded>(`/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.signedInDevices }),
  });
}
