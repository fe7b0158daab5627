import { z } from './zod';
import { choicesOf } from './choices';
import { enteredPassword, PASSWORD_MIN } from './auth';
import { emailSchema, timestampSchema } from './common';
import { messageText } from './i18n/message-text';
import type { NotificationKind } from './notifications';

/*
 * Account recovery and settings: verify an address, reset a forgotten password, change it, sign
 * out elsewhere, delete the account, and which mails to get. docs/accounts.md tells the rules.
 */

const newPasswordSchema = z
  .string({ error: messageText('shared.account.newPassword') })
  .min(PASSWORD_MIN, messageText('shared.auth.passwordMin', { min: PASSWORD_MIN }))
  .max(128, messageText('shared.auth.passwordMax'));

const BAD_LINK = messageText('shared.account.badLink');

/** A mailed link's token, as the page it opens sends it on. */
export const linkTokenSchema = z.string({ error: BAD_LINK }).min(1, BAD_LINK).max(2048, BAD_LINK);

export const linkTokenRequestSchema = z.object({ token: linkTokenSchema });
export type LinkTokenRequest = z.infer<typeof linkTokenRequestSchema>;

export const forgotPasswordRequestSchema = z.object({
  email: emailSchema(messageText('shared.account.emailRequired')),
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = z.object({ token: linkTokenSchema, password: newPasswordSchema });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** The reset form: the new password twice. */
export const resetPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirm: z.string() })
  .refine((form) => form.password === form.confirm, {
    path: ['confirm'],
    message: messageText('shared.account.passwordsDiffer'),
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const changePasswordRequestSchema = z.object({
  currentPassword: enteredPassword(messageText('shared.account.currentPassword')),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** Deleting one's account: the password again, or for an account without one (Google), its email address. */
export const deleteAccountRequestSchema = z.object({
  /** Up to 254 characters: an email address may stand here. */
  password: enteredPassword(messageText('shared.account.password'), 254),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** The notifications that can also come by mail (the deal's events), on until turned off. */
export const mailedKindLabels = {
  booking_requested: 'A buyer asks to buy one of my phones',
  booking_accepted: 'A seller accepts my request',
  booking_declined: 'A seller declines my request',
  booking_sold: 'A phone I asked for is sold to me',
  chat_message: 'A message waits unread for 15 minutes',
  review_open: 'I can review a deal',
  review_published: 'A review of me is published',
} satisfies Partial<Record<NotificationKind, string>>;
type MailedNotificationKind = keyof typeof mailedKindLabels;
export const MAILED_NOTIFICATION_KINDS = choicesOf(mailedKindLabels);

/** Kinds mailed only if still unread this many minutes later (the mail is dropped when read before). */
export const MAIL_DELAY_MINUTES: Partial<Record<MailedNotificationKind, number>> = { chat_message: 15 };

export const isMailedKind = (kind: string): kind is MailedNotificationKind =>
  (MAILED_NOTIFICATION_KINDS as readonly string[]).includes(kind);

export const mailSettingsSchema = z.object({
  kinds: z.array(z.object({ kind: z.enum(MAILED_NOTIFICATION_KINDS), label: z.string(), email: z.boolean() })),
});
export type MailSettings = z.infer<typeof mailSettingsSchema>;

/** PUT /account/mail-settings: the kinds to change, each on (true) or off. */
export const updateMailSettingsRequestSchema = z.object({
  kinds: z.partialRecord(z.enum(MAILED_NOTIFICATION_KINDS), z.boolean()),
});
export type UpdateMailSettingsRequest = z.infer<typeof updateMailSettingsRequestSchema>;

export const accountMessageSchema = z.object({ message: z.string() });
export type AccountMessage = z.infer<typeof accountMessageSchema>;

export const unsubscribedSchema = z.object({ message: z.string(), kind: z.string() });
export type Unsubscribed = z.infer<typeof unsubscribedSchema>;

export const sessionsEndedSchema = z.object({ message: z.string(), ended: z.number() });
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;

/** How many signed-in devices Account settings lists, the most recently used first. */
export const MAX_LISTED_DEVICES = 50;

/** One session of the account, as Account settings lists it (GET /api/account/sessions). */
export const signedInDeviceSchema = z.object({
  id: z.string(),
  /** "Chrome on Android", from the browser's User-Agent. */
  browser: z.string(),
  /** Where, as far as the network's range tells: "Network 103.4.145.0/24", "This computer". */
  place: z.string(),
  lastUsedAt: timestampSchema,
  signedInAt: timestampSchema,
  /** The session of this very request. */
  current: z.boolean(),
});
export type SignedInDevice = z.infer<typeof signedInDeviceSchema>;

export const signedInDevicesSchema = z.object({
  devices: z.array(signedInDeviceSchema),
  /** Every session in force, also past the MAX_LISTED_DEVICES listed. */
  total: z.number(),
});
export type SignedInDevices = z.infer<typeof signedInDevicesSchema>;

/** The one answer to "forgot password", whether or not the address has an account. */
export const FORGOT_PASSWORD_ANSWER =
  'If an account uses this address, we have sent it a link to choose a new password. It works for 30 minutes.';
