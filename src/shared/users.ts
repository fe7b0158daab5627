import { z } from './zod';
import { messageText } from './i18n/message-text';
import { REGISTER_ROLES } from './auth';
import {
  emailSchema,
  idField,
  phoneSchema,
  profilePhotoSchema,
  requiredText,
  timestampOrNullSchema,
  timestampSchema,
} from './common';
import { messageIds } from './messages';

/** An account's profile as the admin's lists show it: its name, email address and photo. */
const profileFields = { name: z.string(), email: z.string(), photoURL: z.string() };

export const userSchema = z.object({
  ...idField,
  ...profileFields,
  role: z.enum(['buyer', 'seller', 'admin']).nullable(),
  verified: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/**
 * POST /addUser: the profile of the signed-in account. `verified` is accepted and ignored. Without
 * a photo the account gets an avatar drawn with its initials.
 */
export const addUserRequestSchema = z.object({
  name: requiredText(messageIds.registerNameRequired, 80),
  email: emailSchema(messageIds.registerEmailRequired),
  role: z.enum(REGISTER_ROLES, { error: messageIds.registerRoleRequired }),
  photoURL: profilePhotoSchema,
  verified: z.boolean().optional(),
});

/**
 * POST /account/start-selling: a buyer becomes a seller (a seller updates the same fields). The
 * name is the one buyers see on the listings; the mobile number fills in new listings.
 */
export const startSellingRequestSchema = z.object({
  name: requiredText(messageIds.registerNameRequired, 80),
  phoneNumber: phoneSchema(messageIds.sellerMobileRequired),
  acceptTerms: z.literal(true, { error: messageText('shared.users.acceptTerms') }),
});
export type StartSellingRequest = z.infer<typeof startSellingRequestSchema>;
export type AddUserRequest = z.infer<typeof addUserRequestSchema>;

export const sellerVerifyCheckSchema = z.object({ verified: z.boolean() });
export type SellerVerifyCheck = z.infer<typeof sellerVerifyCheckSchema>;

/** A seller's request to be verified, as the admin's list shows it. */
export const verificationRequestSchema = z.object({
  ...idField,
  userId: z.string(),
  ...profileFields,
  requestedAt: timestampSchema,
});
export type VerificationRequest = z.infer<typeof verificationRequestSchema>;

/** GET /seller/verification: where the signed-in seller's own verification stands. */
export const ownVerificationSchema = z.object({ verified: z.boolean(), requestedAt: timestampOrNullSchema });
export type OwnVerification = z.infer<typeof ownVerificationSchema>;

/** POST /seller/verification: the spec's client sends name, email and photoURL; the session decides. */
export const applyVerificationRequestSchema = z.object({
  name: z.string().max(200).optional(),
  email: z.string().max(254).optional(),
  photoURL: z.string().max(2048).optional(),
});
export type ApplyVerificationRequest = z.infer<typeof applyVerificationRequestSchema>;
