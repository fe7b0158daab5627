import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountMessage,
  ChangePasswordRequest,
  MailSettings,
  UpdateMailSettingsRequest,
} from '../../shared/account';
import { api } from './http';
import { queryKeys } from './queryKeys';

/*
 * Account recovery and settings (docs/accounts.md). These calls go with the session cookie: they
 * are the app's own, not the spec's bearer calls.
 */

const post = <T = AccountMessage>(path: string, body?: unknown) => api<T>(path, { method: 'POST', body });

export const verifyEmail = (token: string) => post('/account/verify-email', { token });
export const resendVerification = () => post('/account/verify-email/resend');
export const forgotPassword = (email: string) => post('/account/forgot-password', { email });
export const resetPassword = (token: string, password: string) => post('/account/reset-password', { token, password });
export const changePassword = (request: ChangePasswordRequest) => post('/account/password', request);
export const signOutOthers = () => post<{ message: string; ended: number }>('/account/sign-out-others');
export const deleteAccount = (password: string) => post('/account/delete', { password });
export const unsubscribe = (token: string) =>
  post<{ message: string; kind: string }>('/account/unsubscribe', { token });

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
