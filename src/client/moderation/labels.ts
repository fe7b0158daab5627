import {
  ACTION_REASON_LABELS,
  reportReasonLabel,
  type ActionReason,
  type ModerationAction,
  type ReportReason,
  type SubjectType,
} from '#shared/moderation';
import { useT, type MessageId, type Translate } from '#client/i18n';

/*
 * The words of moderation's codes in the reader's language. The server also sends its English
 * label beside each code; a code this client does not know (or an appeal decision's own words)
 * shows that label as it came.
 */

const REPORT_REASONS: Record<ReportReason, MessageId> = {
  stolen: 'moderation.reportReason.stolen',
  imei_mismatch: 'moderation.reportReason.imei_mismatch',
  fake_photos: 'moderation.reportReason.fake_photos',
  bait_price: 'moderation.reportReason.bait_price',
  duplicate: 'moderation.reportReason.duplicate',
  wrong_category: 'moderation.reportReason.wrong_category',
  counterfeit: 'moderation.reportReason.counterfeit',
  advance_payment: 'moderation.reportReason.advance_payment',
  fake_payment_link: 'moderation.reportReason.fake_payment_link',
  harassment: 'moderation.reportReason.harassment',
  spam: 'moderation.reportReason.spam',
  scam: 'moderation.reportReason.scam',
  fake_account: 'moderation.reportReason.fake_account',
  extortion: 'moderation.reportReason.extortion',
  off_topic: 'moderation.reportReason.off_topic',
  personal_info: 'moderation.reportReason.personal_info',
  other: 'moderation.reportReason.other',
  not_given: 'moderation.reportReason.not_given',
  resubmitted: 'moderation.reportReason.resubmitted',
};

const ACTION_REASONS: Record<ActionReason, MessageId> = {
  scam: 'moderation.actionReason.scam',
  stolen: 'moderation.actionReason.stolen',
  misleading: 'moderation.actionReason.misleading',
  prohibited: 'moderation.actionReason.prohibited',
  off_platform_payment: 'moderation.actionReason.off_platform_payment',
  harassment: 'moderation.actionReason.harassment',
  spam: 'moderation.actionReason.spam',
  no_violation: 'moderation.actionReason.no_violation',
  other: 'moderation.actionReason.other',
};

/** The actions, and what the log records after them (LOG_ACTION_LABELS). */
type LogAction = ModerationAction | 'restriction_lifted' | 'resubmitted' | 'appeal_upheld' | 'appeal_reversed';

const ACTIONS: Record<LogAction, MessageId> = {
  dismiss: 'moderation.action.dismiss',
  hide_listing: 'moderation.action.hide_listing',
  remove_listing: 'moderation.action.remove_listing',
  request_changes: 'moderation.action.request_changes',
  warn: 'moderation.action.warn',
  restrict: 'moderation.action.restrict',
  suspend: 'moderation.action.suspend',
  hide_review: 'moderation.action.hide_review',
  restriction_lifted: 'moderation.action.restriction_lifted',
  resubmitted: 'moderation.action.resubmitted',
  appeal_upheld: 'moderation.action.appeal_upheld',
  appeal_reversed: 'moderation.action.appeal_reversed',
};

export const SUBJECTS: Record<SubjectType, MessageId> = {
  listing: 'moderation.subject.listing',
  user: 'moderation.subject.user',
  conversation: 'moderation.subject.conversation',
  review: 'moderation.subject.review',
};

const lookup = (t: Translate, ids: Record<string, MessageId>, code: string, label: string) =>
  Object.hasOwn(ids, code) ? t(ids[code]!) : label;

/** A notice names its reason by its English label only: find the code it was made from. */
const actionReasonOfLabel = (label: string) =>
  Object.entries(ACTION_REASON_LABELS).find(([, each]) => each === label)?.[0] ?? '';

export function useModerationLabels() {
  const t = useT();
  return {
    action: (code: string, label = code) => lookup(t, ACTIONS, code, label),
    actionReason: (code: string | null, label: string) =>
      lookup(t, ACTION_REASONS, code ?? actionReasonOfLabel(label), label),
    reportReason: (code: string, label = reportReasonLabel(code)) => lookup(t, REPORT_REASONS, code, label),
    subject: (type: string) => lookup(t, SUBJECTS, type, type),
  };
}

export type ModerationLabels = ReturnType<typeof useModerationLabels>;
