import type { Transaction } from 'kysely';
import {
  ACTION_LABELS,
  LISTING_ACTIONS,
  REVIEW_ACTIONS,
  type CaseAction,
  type ModerationAction,
} from '#shared/moderation';
import type { Database, ModerationCaseRow, UserRow } from '#server/db/schema';
import type { DealDeps } from '#server/bookings/deal';
import { AppError, orNotFound } from '#server/errors';
import { serverMessage } from '#server/i18n/texts';
import { withNotifications, type Notify } from '#server/notifications/service';
import { hideReview, moderateListing, restrict, settleReviewReports, suspend, type Effect } from './effects';
import { toAffected, toReporter } from './messages';
import { titleValue } from './titles';
import { tellAllWithMail } from './notify';
import { appendLog, closeCase, findCase, reportersOfCase } from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The actions a case allows: listing actions for a listing; the person's sanctions when there is one. */
export function actionsFor(moderationCase: Pick<ModerationCaseRow, 'subject_type' | 'subject_user_id'>) {
  return (Object.keys(ACTION_LABELS) as ModerationAction[]).filter((action) => {
    if (LISTING_ACTIONS.includes(action)) return moderationCase.subject_type === 'listing';
    if (REVIEW_ACTIONS.includes(action)) return moderationCase.subject_type === 'review';
    return action === 'dismiss' || moderationCase.subject_user_id !== null;
  });
}

const caseClosed = () => new AppError('CONFLICT', serverMessage('server.moderation.error.caseClosed'));

/**
 * A moderator acts on an open case, in one transaction: the action's effect, one row in the log,
 * the case closed, the affected person and every reporter told. Another moderator acting at the
 * same moment loses with a 409 (the case is closed by a guarded update).
 */
export async function actOnCase(deps: DealDeps, admin: UserRow, caseId: string, request: CaseAction) {
  const found = orNotFound(await findCase(deps.db, caseId), 'Case');
  if (!actionsFor(found).includes(request.action)) {
    throw new AppError(
      'BAD_REQUEST',
      serverMessage('server.moderation.error.actionNotApplicable', { action: request.action }),
      {
        action: serverMessage('server.moderation.error.chooseAnotherAction'),
      },
    );
  }
  return withNotifications(deps, async (trx, tell) => {
    if (!(await closeCase(trx, caseId))) throw caseClosed();
    const target = found.subject_user_id
      ? await trx.selectFrom('users').selectAll().where('id', '=', found.subject_user_id).executeTakeFirst()
      : undefined;
    if (request.action !== 'dismiss' && target?.role === 'admin') {
      throw new AppError('FORBIDDEN', serverMessage('server.moderation.error.adminNotSanctioned'));
    }
    const until = request.action === 'restrict' ? new Date(Date.now() + request.days! * DAY_MS).toISOString() : null;
    const effect = await effectOf(trx, tell, found, request, until);
    // Any decision settles a review's reports (hiding does it itself), so the reviews' own list agrees.
    if (found.subject_type === 'review' && request.action !== 'hide_review') {
      await settleReviewReports(trx, found.subject_id);
    }
    const targetId = request.action === 'dismiss' ? null : (target?.id ?? null);
    const logId = await appendLog(trx, {
      case_id: caseId,
      actor_id: admin.id,
      actor_name: admin.name,
      is_automated: false,
      action: request.action,
      subject_type: found.subject_type,
      subject_id: found.subject_id,
      target_user_id: targetId,
      reason: request.reason,
      note: request.note || null,
      until_at: until,
      ...effect,
    });
    const affected =
      targetId && request.action !== 'dismiss'
        ? [
            {
              ...toAffected(targetId, request.action, {
                title: titleValue(found.title),
                reason: request.reason,
                note: request.note || null,
                until,
              }),
              // A suspended account cannot sign in to appeal: its mail carries a signed appeal link.
              ...(request.action === 'suspend' ? { appealLogId: logId } : {}),
            },
          ]
        : [];
    const reporters = (await reportersOfCase(trx, caseId)).map((id) =>
      toReporter(id, titleValue(found.title), request.action),
    );
    await tellAllWithMail(trx, tell, [...affected, ...reporters]);
    return logId;
  });
}

async function effectOf(
  trx: Transaction<Database>,
  tell: Notify,
  found: ModerationCaseRow,
  request: CaseAction,
  until: string | null,
): Promise<Effect> {
  const userId = found.subject_user_id!;
  // Stored as the reason's code and the moderator's note: each reader sees the label in their language.
  const why = { code: request.reason, note: request.note || null };
  switch (request.action) {
    case 'dismiss':
    case 'warn':
      return { before: {}, after: {} };
    case 'hide_review':
      return hideReview(trx, found.subject_id, why);
    case 'hide_listing':
      return moderateListing(trx, tell, found.subject_id, 'hidden', why);
    case 'remove_listing':
      return moderateListing(trx, tell, found.subject_id, 'removed', why);
    case 'request_changes':
      return moderateListing(trx, tell, found.subject_id, 'changes_requested', why);
    case 'restrict':
      return restrict(trx, userId, until!);
    case 'suspend':
      return suspend(trx, tell, userId);
  }
}
