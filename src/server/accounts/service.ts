import { localText, refusal, serverMessage, type LocalText } from '#server/i18n/texts';
import type { FastifyBaseLogger, onRequestAsyncHookHandler } from 'fastify';
import { ALERT_MAIL_KIND, unsubscribeAlert } from '#server/alerts/service';
import type { Kysely } from 'kysely';
import {
  isMailedKind,
  MAILED_NOTIFICATION_KINDS,
  mailedKindLabels,
  MAX_LISTED_DEVICES,
  type MailSettings,
  type SignedInDevices,
  type UpdateMailSettingsRequest,
} from '#shared/account';
import { callerOf, isOwnEmail, type Caller } from '#server/auth/guards';
import { setHashAndEndSessions, setPasswordAndEndSessions } from '#server/auth/password-change';
import { assertAcceptablePassword } from '#server/auth/password-policy';
import { checkPassword, hashPassword } from '#server/auth/passwords';
import { deleteUserSession, deleteUserSessions, listUserSessions } from '#server/auth/repository';
import { placeOf } from '#server/auth/address';
import { browserOf } from '#server/auth/devices';
import { countLoginAttempt, countMailedAction, forgiveLoginAttempt } from '#server/auth/throttle';
import { loginAddressOf } from '#server/auth/address';
import type { AccessTokens } from '#server/auth/tokens';
import type { AccountTokenPurpose, Database, UserRow } from '#server/db/schema';
import { AppError, forbidden, notFound } from '#server/errors';
import { waitFor } from '#server/limits/counters';
import { queueMail } from '#server/mail/outbox';
import { RESET_PASSWORD_MINUTES, VERIFY_EMAIL_HOURS } from '#server/mail/templates';
import type { DealDeps } from '#server/bookings/deal';
import type { ImageStore } from '#server/uploads/store';
import { findUserByEmail, findUserById } from '#server/users/repository';
import { deleteUserWithRole } from '#server/users/service';
import {
  consumeLinkToken,
  findLinkToken,
  hashLinkToken,
  insertLinkToken,
  newLinkToken,
  retireLinkTokens,
  setEmailVerified,
} from './repository';
import { optedOutKinds, settingsUpdate, setKind } from '#server/notifications/opt-outs';

const VERIFY_LIFETIME_MS = VERIFY_EMAIL_HOURS * 60 * 60 * 1000;
const RESET_LIFETIME_MS = RESET_PASSWORD_MINUTES * 60 * 1000;
/** Mails one account may ask for in the throttle's 15-minute window, and one address for any accounts. */
const LIMITS = { verifyPerAccount: 3, resetPerAccount: 3, resetPerAddress: 20 } as const;

/** Listing a phone and applying for seller verification wait for a verified address. */
export function assertEmailVerified(user: UserRow): void {
  if (!user.is_email_verified) throw refusal('EMAIL_NOT_VERIFIED', 'server.accounts.error.emailNotVerified');
}

/** The guard form of assertEmailVerified, run after a role guard, before the body is checked. */
export const verifiedEmailOnly: onRequestAsyncHookHandler = async (request) => {
  assertEmailVerified(callerOf(request).user);
};

/**
 * A new verification link for `user`, mailed; call it in the transaction that needs it (the
 * sign-up's). When the address had all the verification mail it may have today (a sign-up deleted
 * and made again, over and over), it is refused with a 429 and the transaction rolls back.
 */
export async function sendVerificationMail(trx: Kysely<Database>, user: Pick<UserRow, 'id' | 'email'>): Promise<void> {
  const { token, hash } = newLinkToken();
  const mail = await queueMail(trx, { to: user.email, userId: user.id, data: { template: 'verify-email', token } });
  if (!mail.queued) {
    throw refusal('RATE_LIMITED', 'server.accounts.error.tooManyVerifyMails', waitFor(mail.retryAfterMs));
  }
  await insertLinkToken(trx, user.id, 'verify_email', hash, VERIFY_LIFETIME_MS);
}

/** The verification mail again, for a signed-in account whose address is not verified yet. */
export async function resendVerificationMail(db: Kysely<Database>, user: UserRow): Promise<void> {
  if (user.is_email_verified) throw refusal('CONFLICT', 'server.accounts.error.verifiedAlready');
  await countMailedAction(db, `verify:${user.id}`, LIMITS.verifyPerAccount, 'verifyMails');
  await db.transaction().execute((trx) => sendVerificationMail(trx, user));
}

/** Why a link does not work: unknown, used or expired, each with its own message and where to ask again. */
async function refusalOf(db: Kysely<Database>, hash: string, purpose: AccountTokenPurpose): Promise<AppError> {
  const row = await findLinkToken(db, hash, purpose);
  const state = !row ? 'unknown' : row.used_at ? 'used' : 'expired';
  return refusal('INVALID_LINK', 'server.accounts.error.badLink', { state, purpose });
}

/** Uses a verification link: the account's address is verified, and its other links stop working. */
export async function verifyEmail(db: Kysely<Database>, token: string): Promise<void> {
  const hash = hashLinkToken(token);
  const verified = await db.transaction().execute(async (trx) => {
    const userId = await consumeLinkToken(trx, hash, 'verify_email');
    if (!userId) return false;
    await setEmailVerified(trx, userId);
    await retireLinkTokens(trx, userId, 'verify_email');
    return true;
  });
  if (!verified) throw await refusalOf(db, hash, 'verify_email');
}

/**
 * "Forgot password": mails a reset link when the address has an account. The caller answers the
 * same either way, and the limits count the address asked for, account or not, so neither the
 * answer nor a 429 tells whether an account exists.
 */
export async function requestPasswordReset(db: Kysely<Database>, email: string, ip: string): Promise<void> {
  await countMailedAction(db, `reset-ip:${loginAddressOf(ip)}`, LIMITS.resetPerAddress, 'resetRequests');
  await countMailedAction(db, `reset-email:${email}`, LIMITS.resetPerAccount, 'resetRequests');
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const { token, hash } = newLinkToken();
  await db.transaction().execute(async (trx) => {
    // Past the address's daily reset mails nothing is sent, and the answer stays the same.
    const mail = await queueMail(trx, { to: user.email, userId: user.id, data: { template: 'reset-password', token } });
    if (mail.queued) await insertLinkToken(trx, user.id, 'reset_password', hash, RESET_LIFETIME_MS);
  });
}

/**
 * Uses a reset link: the new password, every session of the account ended, every other reset link
 * retired, in one transaction. Following the mailed link also proves the address is theirs.
 * Answers the account's id.
 */
export async function resetPassword(db: Kysely<Database>, token: string, password: string): Promise<string> {
  assertAcceptablePassword(password);
  const hash = hashLinkToken(token);
  const passwordHash = await hashPassword(password);
  const userId = await db.transaction().execute(async (trx) => {
    const userId = await consumeLinkToken(trx, hash, 'reset_password');
    if (!userId) return undefined;
    await setHashAndEndSessions(trx, userId, passwordHash);
    await setEmailVerified(trx, userId);
    return userId;
  });
  if (!userId) throw await refusalOf(db, hash, 'reset_password');
  return userId;
}

/**
 * Checks the password the signed-in person typed again (counted like a login, so a borrowed
 * session cannot guess it); an account without a password (Google) types its email address.
 */
async function assertOwnPassword(db: Kysely<Database>, caller: Caller, typed: string, ip: string, field: string) {
  const { user } = caller;
  if (!user.password_hash) {
    if (isOwnEmail(user, typed)) return;
    const typeEmail = serverMessage('server.accounts.error.typeEmail');
    throw new AppError('VALIDATION_FAILED', typeEmail, { [field]: typeEmail });
  }
  await countLoginAttempt(db, user.email, ip, true);
  if (!(await checkPassword(user.password_hash, typed))) {
    const wrong = serverMessage('server.accounts.error.wrongPassword');
    throw new AppError('VALIDATION_FAILED', wrong, { [field]: wrong });
  }
  await forgiveLoginAttempt(db, user.email, ip);
}

/** A new password for the signed-in person; every other session of the account ends, this one stays. */
export async function changePassword(
  db: Kysely<Database>,
  caller: Caller,
  request: { currentPassword: string; newPassword: string },
  ip: string,
): Promise<void> {
  if (!caller.user.password_hash) {
    throw new AppError('VALIDATION_FAILED', serverMessage('server.accounts.error.googleNoPassword'), {
      currentPassword: serverMessage('server.accounts.error.noPasswordYet'),
    });
  }
  assertAcceptablePassword(request.newPassword, 'newPassword');
  await assertOwnPassword(db, caller, request.currentPassword, ip, 'currentPassword');
  await setPasswordAndEndSessions(db, caller.user.id, request.newPassword, caller.sessionId);
}

/** The account's signed-in devices for Account settings, this one marked. */
export async function signedInDevices(db: Kysely<Database>, caller: Caller): Promise<SignedInDevices> {
  const { rows, total } = await listUserSessions(db, caller.user.id, MAX_LISTED_DEVICES);
  return {
    total,
    devices: rows.map((row) => ({
      id: row.id,
      browser: browserOf(row.user_agent),
      place: placeOf(row.ip_range),
      lastUsedAt: row.last_used_at,
      signedInAt: row.created_at,
      current: row.id === caller.sessionId,
    })),
  };
}

/** Signs one of the account's devices out; answers whether it was this one. 404 for a session not theirs. */
export async function endOneSession(db: Kysely<Database>, caller: Caller, sessionId: string): Promise<boolean> {
  if ((await deleteUserSession(db, sessionId, caller.user.id)) === 0) throw notFound('Signed-in device');
  return sessionId === caller.sessionId;
}

/** Signs the account out everywhere but here; answers how many sessions ended. */
export const endOtherSessions = (db: Kysely<Database>, caller: Caller) =>
  deleteUserSessions(db, caller.user.id, caller.sessionId);

/** The person deletes their own account, with the same cascade as the admin's delete. Admins cannot. */
export async function deleteOwnAccount(
  deps: DealDeps & { images: ImageStore },
  caller: Caller,
  password: string,
  ip: string,
  log: FastifyBaseLogger,
): Promise<void> {
  if (caller.user.role === 'admin') {
    throw forbidden(serverMessage('server.accounts.error.adminUndeletable'));
  }
  await assertOwnPassword(deps.db, caller, password, ip, 'password');
  await deleteUserWithRole(deps, caller.user.id, undefined, log);
}

export async function mailSettingsOf(db: Kysely<Database>, userId: string): Promise<MailSettings> {
  const off = await optedOutKinds(db, 'mail_opt_outs', userId);
  return {
    kinds: MAILED_NOTIFICATION_KINDS.map((kind) => ({ kind, label: mailedKindLabels[kind], email: !off.has(kind) })),
  };
}

export const updateMailSettings = settingsUpdate<UpdateMailSettingsRequest, MailSettings>(
  'mail_opt_outs',
  mailSettingsOf,
);

/** The unsubscribe link of a mail: that kind of mail stops for that account, no sign-in needed. */
export async function unsubscribe(
  db: Kysely<Database>,
  tokens: AccessTokens,
  token: string,
): Promise<{ kind: string; message: LocalText }> {
  const claims = await tokens.unsubscribeClaims(token);
  const alertId = claims && ALERT_MAIL_KIND.exec(claims.kind)?.[1];
  if (claims && alertId) return { kind: claims.kind, message: await unsubscribeAlert(db, claims.userId, alertId) };
  if (!claims || !isMailedKind(claims.kind)) throw refusal('INVALID_LINK', 'server.accounts.error.badUnsubscribeLink');
  if (!(await findUserById(db, claims.userId))) {
    throw refusal('INVALID_LINK', 'server.accounts.error.unsubscribeAccountGone');
  }
  await setKind(db, 'mail_opt_outs', claims.userId, claims.kind, false);
  return {
    kind: claims.kind,
    message: localText('server.accounts.unsubscribed', { kind: localText(`shared.account.mailKind.${claims.kind}`) }),
  };
}
