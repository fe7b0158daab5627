import { ACTION_LABELS, APPEAL_MONTHS, actionReasonLabel, type ModerationAction } from '#shared/moderation';
import { paths } from '#shared/paths';
import type { NewNotification } from '#server/notifications/service';

/*
 * What people are told of moderation: the affected person (what, why, until when, how to appeal),
 * the reporters (the outcome), and an appellant (the decision). Mailed as well (./notify.ts).
 */

/** A time as people in Bangladesh read it. */
export const whenWords = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    timeZone: 'Asia/Dhaka',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

const WHAT: Record<Exclude<ModerationAction, 'dismiss'>, (title: string) => string> = {
  hide_listing: (title) => `A moderator hid your listing "${title}"`,
  remove_listing: (title) => `A moderator removed your listing "${title}"; its open bookings ended`,
  request_changes: (title) =>
    `A moderator asks you to change your listing "${title}": it is off sale until you edit it and resubmit it from My Products`,
  warn: () => 'A moderator warned you',
  restrict: () => 'A moderator restricted your account: you cannot list, book, message or review',
  suspend: () => 'A moderator suspended your account: you are signed out and cannot sign in',
  hide_review: (title) => `A moderator hid "${title}" from the public`,
};

export function toAffected(
  userId: string,
  action: Exclude<ModerationAction, 'dismiss'>,
  fields: { title: string; reason: string; note: string | null; until: string | null },
): NewNotification {
  const parts = [
    `${WHAT[action](fields.title)}.`,
    `Reason: ${actionReasonLabel(fields.reason)}${fields.note ? ` (${fields.note})` : ''}.`,
    fields.until ? `Until ${whenWords(fields.until)}.` : '',
    action === 'suspend'
      ? `To appeal within ${APPEAL_MONTHS} months, open "Appeal this decision" in the mail we sent you about it: it works without signing in.`
      : `You can appeal within ${APPEAL_MONTHS} months from Account standing in your dashboard.`,
  ];
  return {
    userId,
    kind: 'moderation_action',
    message: parts.filter(Boolean).join(' '),
    link: paths.accountStanding,
  };
}

export const toReporter = (userId: string, title: string, action: ModerationAction): NewNotification => ({
  userId,
  kind: 'report_reviewed',
  message:
    action === 'dismiss'
      ? `Your report of "${title}" was reviewed: a moderator found no rule broken.`
      : `Your report of "${title}" was reviewed: ${ACTION_LABELS[action].toLowerCase()}. Thank you.`,
  link: paths.dashboard,
});

export const toAppellant = (
  userId: string,
  decision: 'upheld' | 'reversed',
  actionLabel: string,
  reason: string,
): NewNotification => ({
  userId,
  kind: 'appeal_decided',
  message:
    decision === 'reversed'
      ? `Your appeal was accepted: "${actionLabel}" is undone. ${reason}`
      : `Your appeal was decided: "${actionLabel}" stays. ${reason}`,
  link: paths.accountStanding,
});
