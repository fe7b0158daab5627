import { ACTION_REASON_LABELS, APPEAL_MONTHS, LOG_ACTION_LABELS, type ModerationAction } from '#shared/moderation';
import { paths } from '#shared/paths';
import { localText, type LocalText, type ServerMessageId } from '#server/i18n/texts';
import type { NewNotification } from '#server/notifications/service';

/*
 * What people are told of moderation: the affected person (what, why, until when, how to appeal),
 * the reporters (the outcome), and an appellant (the decision). Mailed as well (./notify.ts).
 * Each is written in its reader's language (server/moderation/locales).
 */

type Acted = Exclude<ModerationAction, 'dismiss'>;

/** A reason's label in the reader's language; a reason no catalog knows stays as it was stored. */
const reasonText = (reason: string) =>
  reason in ACTION_REASON_LABELS ? localText(`server.moderation.reason.${reason}` as ServerMessageId) : reason;

export function toAffected(
  userId: string,
  action: Acted,
  fields: { title: string | LocalText; reason: string; note: string | null; until: string | null },
): NewNotification {
  const id = `server.moderation.affected${fields.note ? 'WithNote' : ''}${fields.until ? 'Until' : ''}` as const;
  const appeal = localText(
    action === 'suspend' ? 'server.moderation.appealByMail' : 'server.moderation.appealInStanding',
    {
      months: APPEAL_MONTHS,
    },
  );
  const values = {
    what: localText(`server.moderation.what.${action}`, { title: fields.title }),
    reason: reasonText(fields.reason),
    appeal,
    ...(fields.note ? { note: fields.note } : {}),
  };
  return {
    userId,
    kind: 'moderation_action',
    message: localText(id, values, fields.until ? { until: fields.until } : undefined),
    link: paths.accountStanding,
  };
}

export const toReporter = (userId: string, title: string | LocalText, action: ModerationAction): NewNotification => ({
  userId,
  kind: 'report_reviewed',
  message:
    action === 'dismiss'
      ? localText('server.moderation.reportDismissed', { title })
      : localText('server.moderation.reportActed', { title, action: localText(`server.moderation.done.${action}`) }),
  link: paths.dashboard,
});

/** A logged action's name in the reader's language (the log's own name when no catalog has it). */
const actionText = (action: string) =>
  action in LOG_ACTION_LABELS ? localText(`server.moderation.logAction.${action}` as ServerMessageId) : action;

/** `reason` is the moderator's own words, told as they wrote them. */
export const toAppellant = (
  userId: string,
  decision: 'upheld' | 'reversed',
  action: string,
  reason: string,
): NewNotification => ({
  userId,
  kind: 'appeal_decided',
  message: localText(decision === 'reversed' ? 'server.moderation.appealReversed' : 'server.moderation.appealUpheld', {
    action: actionText(action),
    reason,
  }),
  link: paths.accountStanding,
});
