import { LOCALES } from './i18n/locales';
import { z } from './zod';
import { emailSchema, profilePhotoSchema, requiredText } from './common';
import { messageText } from './i18n/message-text';
import { messageIds } from './messages';

export const PASSWORD_MIN = 8;

/** A password typed to show it is the account's owner: required, with no rule of strength. */
export const enteredPassword = (requiredMessage: string, max = 128) =>
  z.string({ error: requiredMessage }).min(1, requiredMessage).max(max);

export const loginRequestSchema = z.object({
  email: emailSchema(messageIds.loginEmailRequired),
  password: enteredPassword(messageIds.loginPasswordRequired),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const signupRequestSchema = z.object({
  email: emailSchema(messageIds.registerEmailRequired),
  password: z
    .string({ error: messageIds.registerPasswordRequired })
    .min(1, messageIds.registerPasswordRequired)
    .min(PASSWORD_MIN, messageText('shared.auth.passwordMin', { min: PASSWORD_MIN }))
    .max(128, messageText('shared.auth.passwordMax')),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const REGISTER_ROLES = ['buyer', 'seller'] as const;
export type RegisterRole = (typeof REGISTER_ROLES)[number];

/**
 * The register form: the account fields plus the profile that POST /addUser stores. The photo is
 * optional (uploaded from the device, a link, or else an avatar drawn with the initials), and the
 * role only says whether the account sells from the start: every account can buy.
 */
export const registerFormSchema = signupRequestSchema.extend({
  name: requiredText(messageIds.registerNameRequired, 80),
  photoURL: profilePhotoSchema,
  role: z.enum(REGISTER_ROLES, { error: messageIds.registerRoleRequired }),
});
export type RegisterForm = z.input<typeof registerFormSchema>;

/** The identity provider's account update: a new name, and a new photo if one is given. */
export const updateAccountRequestSchema = z.object({
  displayName: requiredText(messageText('shared.auth.nameRequired'), 80),
  photoURL: profilePhotoSchema,
});
export type UpdateAccountRequest = z.infer<typeof updateAccountRequestSchema>;

/** The current user, in the identity provider's shape (spec section 3). */
export const currentUserSchema = z.object({
  uid: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  displayName: z.string().nullable(),
  isAnonymous: z.boolean(),
  photoURL: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  tenantId: z.string().nullable(),
  providerData: z.array(
    z.object({ providerId: z.string(), uid: z.string(), email: z.string(), displayName: z.string().nullable() }),
  ),
  /** The account's language and digits (PUT /api/language), beside the identity provider's fields. */
  locale: z.enum(LOCALES),
  latinDigits: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const tokenResponseSchema = z.object({ accessToken: z.string() });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const roleCheckSchemas = {
  admin: z.object({ isAdmin: z.boolean() }),
  seller: z.object({ isSeller: z.boolean() }),
  buyer: z.object({ isBuyer: z.boolean() }),
};
export type RoleCheckRole = keyof typeof roleCheckSchemas;
export type RoleCheck<R extends RoleCheckRole> = z.infer<(typeof roleCheckSchemas)[R]>;
