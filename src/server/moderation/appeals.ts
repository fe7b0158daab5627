import type { Kysely, Transaction } from 'kysely';
import { ACTIONS, APPEAL_MONTHS, type AppealByLink, type AppealDecision, type AppealRequest } from '#shared/moderation';
import type { AccessTokens } from '#server/auth/tokens';
import type { DealDeps } from '#server/bookings/deal';
import type { Database, ModerationLogRow, UserRow } from '#server/db/schema';
import { AppError, forbidden, orNotFound } from '#server/errors';
import { serverMessage } from '#server/i18n/texts';
import { withNotifications } from '#server/notifications/service';
import { restoreListing, unhideReview, unrestrict, unsuspend } from './effects';
import { toAppellant } from './messages';
import { tellWithMail } from './notify';
import { appendLog, decidePendingAppeal, findAppeal, findLogEntry, insertAppeal } from './repository';

/** The actions a person may appeal: those done to them, every action but dismissing a report. */
export const APPEALABLE: string[] = ACTIONS.filter((action) => action !== 'dismiss');

const appealWindowEnds = (at: string) => {
  const end = new Date(at);
  end.setUTCMonth(end.getUTCMonth() + APPEAL_MONTHS);
  return end;
};

export const isAppealable = (entry: Pick<ModerationLogRow, 'action' | 'created_at'>, now = new Date()) =>
  APPEALABLE.includes(entry.action) && appealWindowEnds(entry.created_at) > now;

/** A person appeals an action done to them: once per action, within six months. */
export async function fileAppeal(db: Kysely<Database>, userId: string, request: AppealRequest): Promise<string> {
  const entry = orNotFound(await findLogEntry(db, request.logId), 'Decision');
  if (entry.target_user_id !== userId) throw forbidden(serverMessage('server.moderation.error.appealNotYours'));
  if (!APPEALABLE.includes(entry.action)) throw forbidden(serverMessage('server.moderation.error.notAppealable'));
  if (!isAppealable(entry)) {
    throw new AppError('CONFLICT', serverMessage('server.moderation.error.appealTooLate', { months: APPEAL_MONTHS }));
  }
  const id = await insertAppeal(db, { logId: entry.id, userId, text: request.text });
  if (!id) throw new AppError('ALREADY_EXISTS', serverMessage('server.moderation.error.appealedAlready'));
  return id;
}

/**
 * The appeal of a suspension through the mail's signed link, for an account that cannot sign in.
 * The link only ever files the appeal of the suspension it was mailed for.
 */
export async function fileAppealByLink(db: Kysely<Database>, tokens: AccessTokens, request: AppealByLink) {
  const claims = await tokens.appealClaims(request.token);
  const entry = claims && (await findLogEntry(db, claims.logId));
  if (!claims || entry?.action !== 'suspend' || entry.target_user_id !== claims.userId) {
    throw new AppError('INVALID_LINK', serverMessage('server.moderation.error.badAppealLink'));
  }
  return fileAppeal(db, claims.userId, { logId: claims.logId, text: request.text });
}

/**
 * A moderator decides an appeal with a reason, once (a guarded update): upheld keeps the action;
 * reversed undoes it. Either way one log row records it and the person is told.
 */
export async function decideAppeal(deps: DealDeps, admin: UserRow, appealId: string, decision: AppealDecision) {
  const appeal = orNotFound(await findAppeal(deps.db, appealId), 'Appeal');
  return withNotifications(deps, async (trx, tell) => {
    const decided = await decidePendingAppeal(trx, appealId, {
      status: decision.decision,
      by: admin.id,
      reason: decision.reason,
    });
    if (!decided) throw new AppError('CONFLICT', serverMessage('server.moderation.error.appealDecided'));
    const entry = (await findLogEntry(trx, appeal.log_id))!;
    if (decision.decision === 'reversed') await undo(trx, entry);
    await appendLog(trx, {
      case_id: entry.case_id,
      actor_id: admin.id,
      actor_name: admin.name,
      is_automated: false,
      action: `appeal_${decision.decision}`,
      subject_type: entry.subject_type,
      subject_id: entry.subject_id,
      target_user_id: entry.target_user_id,
      reason: 'other',
      note: decision.reason,
      until_at: null,
      before: { appeal: 'pending', action: entry.id },
      after: { appeal: decision.decision, action: entry.id },
    });
    await tellWithMail(trx, tell, toAppellant(appeal.user_id, decision.decision, entry.action, decision.reason));
    return decision.decision;
  });
}

async function undo(trx: Transaction<Database>, entry: ModerationLogRow) {
  const before = JSON.parse(entry.before_state) as Record<string, unknown>;
  const after = JSON.parse(entry.after_state) as Record<string, unknown>;
  switch (entry.action) {
    case 'hide_listing':
    case 'remove_listing':
    case 'request_changes':
      await restoreListing(trx, entry.subject_id, before, after);
      return;
    case 'restrict':
      if (entry.target_user_id) await unrestrict(trx, entry.target_user_id, after);
      return;
    case 'suspend':
      if (entry.target_user_id) await unsuspend(trx, entry.target_user_id, after);
      return;
    case 'hide_review':
      await unhideReview(trx, entry.subject_id, after);
      return;
  }
}
