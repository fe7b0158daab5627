import type { onRequestAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '#server/db/schema';
import { AppError, unauthenticated } from '#server/errors';
import { identify } from '#server/auth/guards';
import { appendLog, endedRestrictions } from './repository';
import { requestLanguage } from '#server/i18n/answer';
import { localText, write, type Language } from '#server/i18n/texts';
import { messageText } from '#shared/i18n/translate';

/** The writes a restricted account may not make. */
export type RestrictedWrite = 'list' | 'book' | 'message' | 'review';

export const isRestricted = (user: Pick<UserRow, 'restricted_until'>, now = Date.now()) =>
  user.restricted_until !== null && Date.parse(user.restricted_until) > now;

/**
 * Refuses (403 ACCOUNT_RESTRICTED) a write a restricted account may not make, saying until when,
 * in the request's language (the time as people in Bangladesh read it). Every such write calls
 * this with the caller's row as the request read it.
 */
export function assertMayAct(
  user: Pick<UserRow, 'restricted_until'>,
  doing: RestrictedWrite,
  language: Language,
): void {
  if (!isRestricted(user)) return;
  const refusal = localText(
    'server.moderation.restricted',
    { doing: localText(`server.moderation.restrictedFrom.${doing}`) },
    { until: user.restricted_until! },
  );
  throw new AppError('ACCOUNT_RESTRICTED', write(language, refusal));
}

/**
 * Also what the login screen and Google's popup show: the only way in to appeal is the mail's
 * link. An id, so the error handler writes it in the request's language.
 */
const SUSPENDED_MESSAGE_ID = messageText('shared.errors.suspended');

/** A suspended account gets no session, however it signs in (password, Google). */
export function assertNotSuspended(user: Pick<UserRow, 'is_suspended'>): void {
  if (user.is_suspended) {
    throw new AppError('ACCOUNT_SUSPENDED', SUSPENDED_MESSAGE_ID);
  }
}

/** The same as a route guard, after `signedIn` or `requireRole`. */
export const mayAct =
  (doing: RestrictedWrite): onRequestAsyncHookHandler =>
  async (request) => {
    const caller = await identify(request);
    if (!caller) throw unauthenticated();
    assertMayAct(caller.user, doing, requestLanguage(request));
  };

/**
 * Housekeeping: a restriction whose time is up is cleared and logged as an automated entry. (It has
 * no effect after its time anyway; the entry tells the person's record that it ended.)
 */
export async function liftEndedRestrictions(db: Kysely<Database>, now = new Date()): Promise<number> {
  let lifted = 0;
  for (const user of await endedRestrictions(db, now.toISOString(), 200)) {
    await db.transaction().execute(async (trx) => {
      const cleared = await trx
        .updateTable('users')
        .set({ restricted_until: null })
        .where('id', '=', user.id)
        .where('restricted_until', '=', user.restricted_until)
        .returning('id')
        .execute();
      if (!cleared.length) return;
      lifted++;
      await appendLog(trx, {
        case_id: null,
        actor_id: null,
        actor_name: 'PhoneHaat',
        is_automated: true,
        action: 'restriction_lifted',
        subject_type: 'user',
        subject_id: user.id,
        target_user_id: user.id,
        reason: 'other',
        // Worded when read, in its reader's language (views.ts, SERVER_NOTES).
        note: null,
        until_at: null,
        before: { restrictedUntil: user.restricted_until },
        after: { restrictedUntil: null },
      });
    });
  }
  return lifted;
}
