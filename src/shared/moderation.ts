import { linkTokenSchema } from './account';
import { chatLineSchema } from './chat-lines';
import { choicesOf, labelOf } from './choices';
import { toLatinDigits } from './i18n/digits';
import { idField, idSchema, requiredText, timestampOrNullSchema, timestampSchema } from './common';
import { messageText } from './i18n/message-text';
import { REVIEW_SIDES, STAR_NAMES } from './reviews';
import { z } from './zod';

/*
 * The moderation desk (docs/moderation.md): reports with reasons, one case per reported thing, the
 * actions a moderator takes, the append-only log of them, and appeals.
 */

/** What a case is about. A review is reported by the reviews area through the same `openCase`. */
export const SUBJECT_TYPES = ['listing', 'user', 'conversation', 'review'] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];

/** Every reason a report or flag can give, with the words people read. */
export const REPORT_REASON_LABELS = {
  stolen: 'Suspected stolen or blocked phone',
  imei_mismatch: 'IMEI does not match',
  fake_photos: 'Fake or stock photos',
  bait_price: 'Bait price',
  duplicate: 'Duplicate listing',
  wrong_category: 'Wrong model or category',
  counterfeit: 'Counterfeit',
  advance_payment: 'Asks for advance payment (bKash/Nagad)',
  fake_payment_link: 'Fake payment link',
  harassment: 'Harassment',
  spam: 'Spam',
  scam: 'Scam',
  fake_account: 'Fake account',
  extortion: 'Extortion',
  off_topic: 'Off topic',
  personal_info: 'Personal information',
  other: 'Other',
  /** A report made through the spec's call, which sends no reason. */
  not_given: 'No reason given',
  /** The server's own flag: a seller resubmitted a listing a moderator asked to change. */
  resubmitted: 'Resubmitted after changes',
} as const;
export type ReportReason = keyof typeof REPORT_REASON_LABELS;

/** The reasons a person may choose, per kind of thing, in the order the form lists them. */
export const REASONS_BY_SUBJECT = {
  listing: [
    'stolen',
    'imei_mismatch',
    'fake_photos',
    'bait_price',
    'duplicate',
    'wrong_category',
    'counterfeit',
    'advance_payment',
    'fake_payment_link',
    'other',
  ],
  conversation: ['advance_payment', 'fake_payment_link', 'harassment', 'spam', 'other'],
  user: ['scam', 'fake_account', 'harassment', 'spam', 'other'],
  review: ['extortion', 'off_topic', 'personal_info', 'other'],
} as const satisfies Record<SubjectType, readonly ReportReason[]>;

export const REPORT_NOTE_MAX = 500;
/** A report's own words, which only the reason "other" needs. */
export const reportNoteSchema = z
  .string()
  .trim()
  .max(REPORT_NOTE_MAX, messageText('shared.common.maxLength', { max: REPORT_NOTE_MAX }))
  .optional();
type NoteCheck = (report: { reason?: ReportReason | undefined; note?: string | undefined }) => boolean;
/** The check, and its message on the note, that a report for "other" says what it is. */
export const noteForOther: [NoteCheck, { message: string; path: string[] }] = [
  (report) => report.reason !== 'other' || !!report.note,
  { message: messageText('shared.moderation.otherNeedsText'), path: ['note'] },
];

/** A report's reason and note: "other" needs the note. */
function reasonWithNote<const R extends readonly [ReportReason, ...ReportReason[]]>(reasons: R) {
  return z
    .object({
      reason: z.enum(reasons, { error: messageText('shared.moderation.chooseReason') }),
      note: reportNoteSchema,
    })
    .refine(...noteForOther);
}

/**
 * POST /report/product (the spec's call): `product_id` as before, and now a reason. The spec's own
 * client sends no reason; its report is kept as "No reason given".
 */
export const listingReportSchema = reasonWithNote(REASONS_BY_SUBJECT.listing);
export const conversationReportSchema = reasonWithNote(REASONS_BY_SUBJECT.conversation).and(
  z.object({ conversationId: idSchema }),
);
export type ConversationReport = z.infer<typeof conversationReportSchema>;
export const userReportSchema = reasonWithNote(REASONS_BY_SUBJECT.user).and(z.object({ userId: idSchema }));
export type UserReport = z.infer<typeof userReportSchema>;
export type ListingReport = z.infer<typeof listingReportSchema>;

/** The report form of each kind of thing: a reason of its list, and words (required with "other"). */
export const reportFormSchemas = {
  listing: listingReportSchema,
  conversation: reasonWithNote(REASONS_BY_SUBJECT.conversation),
  user: reasonWithNote(REASONS_BY_SUBJECT.user),
  review: reasonWithNote(REASONS_BY_SUBJECT.review),
};
export interface ReportForm {
  reason: ReportReason;
  note?: string;
}

/** At most this many reports per person per day, of everything together. */
export const REPORTS_PER_DAY = 20;

export const ACTION_LABELS = {
  dismiss: 'Dismiss',
  hide_listing: 'Hide the listing',
  remove_listing: 'Remove the listing',
  request_changes: 'Ask for changes',
  warn: 'Warn the user',
  restrict: 'Restrict the user',
  suspend: 'Suspend the account',
  hide_review: 'Hide the review',
};
export type ModerationAction = keyof typeof ACTION_LABELS;
export const ACTIONS = choicesOf(ACTION_LABELS);

/** The actions that act on a listing, so they apply to listing cases only. */
export const LISTING_ACTIONS: readonly ModerationAction[] = ['hide_listing', 'remove_listing', 'request_changes'];
/** The actions that act on a review, so they apply to review cases only. */
export const REVIEW_ACTIONS: readonly ModerationAction[] = ['hide_review'];

/** Everything the log records: the actions, and what follows them. */
export const LOG_ACTION_LABELS: Record<string, string> = {
  ...ACTION_LABELS,
  restriction_lifted: 'Restriction ended',
  resubmitted: 'Listing resubmitted',
  appeal_upheld: 'Appeal decided: upheld',
  appeal_reversed: 'Appeal decided: reversed',
};

export const ACTION_REASON_LABELS = {
  scam: 'Scam or fraud',
  stolen: 'Stolen or blocked phone',
  misleading: 'Misleading listing (photos, model, price)',
  prohibited: 'Counterfeit or prohibited item',
  off_platform_payment: 'Asking for payment outside a meeting',
  harassment: 'Harassment',
  spam: 'Spam or duplicate',
  no_violation: 'No rule broken',
  other: 'Other',
} as const;
export type ActionReason = keyof typeof ACTION_REASON_LABELS;
const ACTION_REASONS = choicesOf(ACTION_REASON_LABELS);

export const RESTRICTION_DAYS = [1, 7, 30] as const;

/** A whole number typed with Latin or Bengali digits. */
const digits = z.preprocess(
  (v) => (typeof v === 'string' ? Number(toLatinDigits(v.trim())) : v),
  z.number({ error: messageText('shared.moderation.chooseDays') }),
);

/** POST /moderation/cases/:id/actions */
export const caseActionSchema = z
  .object({
    action: z.enum(ACTIONS, { error: messageText('shared.moderation.chooseAction') }),
    reason: z.enum(ACTION_REASONS, { error: messageText('shared.moderation.chooseReason') }),
    note: z
      .string()
      .trim()
      .max(1000, messageText('shared.common.maxLength', { max: 1000 }))
      .optional(),
    days: digits.optional(),
  })
  .refine((a) => a.action !== 'restrict' || RESTRICTION_DAYS.some((d) => d === a.days), {
    message: messageText('shared.moderation.chooseDays'),
    path: ['days'],
  })
  .refine((a) => a.reason !== 'other' || !!a.note, {
    message: messageText('shared.moderation.writeWhy'),
    path: ['note'],
  });
export type CaseAction = z.infer<typeof caseActionSchema>;

export const ModerationListingStates = ['hidden', 'removed', 'changes_requested', 'suspended'] as const;
export type ModerationListingState = (typeof ModerationListingStates)[number];

export const reasonCountSchema = z.object({ reason: z.string(), label: z.string(), count: z.number() });

/** What the queue shows of the person behind a case. */
export const signalsSchema = z.object({
  userId: z.string().nullable(),
  name: z.string(),
  memberSince: timestampOrNullSchema,
  emailVerified: z.boolean(),
  sellerVerified: z.boolean(),
  earlierSanctions: z.number(),
  /** Reports against them in open cases, this case's included. */
  openReports: z.number(),
  restrictedUntil: timestampOrNullSchema,
  suspended: z.boolean(),
});

export const caseSummarySchema = z.object({
  ...idField,
  subjectType: z.enum(SUBJECT_TYPES),
  subjectId: z.string(),
  title: z.string(),
  open: z.boolean(),
  openedAt: timestampSchema,
  reasons: z.array(reasonCountSchema),
  reports: z.number(),
  signals: signalsSchema,
});
export type CaseSummary = z.infer<typeof caseSummarySchema>;

export const caseListQuerySchema = z.object({ status: z.enum(['open', 'closed']).default('open') });

/** A listing as it was when reported. */
export const listingSnapshotSchema = z.object({
  type: z.literal('listing'),
  productName: z.string(),
  brand: z.string(),
  resalePrice: z.number(),
  originalPrice: z.number(),
  condition: z.string(),
  location: z.string(),
  sellerMobile: z.string(),
  description: z.string(),
  photos: z.array(z.string()),
});
export const conversationSnapshotSchema = z.object({
  type: z.literal('conversation'),
  productName: z.string(),
  /** The reported message is the last; up to ten before it come first. */
  messages: z.array(
    z.object({
      ...idField,
      /** null: the sender's account is deleted since (snapshots of before hold the English words). */
      senderName: z.string().nullable(),
      fromReported: z.boolean(),
      kind: z.enum(['text', 'system']),
      /** What a person typed; empty for a line PhoneHaat wrote (snapshots of before hold its English). */
      text: z.string(),
      /** A line PhoneHaat wrote, worded in the reader's language. */
      line: chatLineSchema.nullable().optional(),
      sentAt: timestampSchema,
    }),
  ),
  reportedMessageId: z.string().nullable(),
});
export const userSnapshotSchema = z.object({
  type: z.literal('user'),
  name: z.string(),
  photoUrl: z.string(),
  memberSince: timestampSchema,
  listings: z.number(),
});
/** A review as it was when reported: its data only, worded in the reader's language. */
export const reviewSnapshotSchema = z.object({
  type: z.literal('review'),
  side: z.enum(REVIEW_SIDES),
  /** null: a deleted account. */
  authorName: z.string().nullable(),
  subjectName: z.string().nullable(),
  productName: z.string(),
  /** The author's side's stars, in the order the form asks for them. */
  stars: z.array(z.object({ name: z.enum(STAR_NAMES), value: z.number() })),
  comment: z.string().nullable(),
  reply: z.string().nullable(),
  publishedAt: timestampOrNullSchema,
});
/** Fields named by the server: review cases opened before 033 whose fields did not read back. */
export const otherSnapshotSchema = z.object({ type: z.literal('other'), fields: z.record(z.string(), z.string()) });
export const snapshotSchema = z.discriminatedUnion('type', [
  listingSnapshotSchema,
  conversationSnapshotSchema,
  userSnapshotSchema,
  reviewSnapshotSchema,
  otherSnapshotSchema,
]);
export type Snapshot = z.infer<typeof snapshotSchema>;

/** A reason as its code and its words (`reportReasonLabel`, `actionReasonLabel`), and the note written with it. */
export const givenReasonFields = { reason: z.string(), reasonLabel: z.string(), note: z.string().nullable() };

export const caseReportSchema = z.object({
  ...idField,
  reporterName: z.string(),
  automated: z.boolean(),
  ...givenReasonFields,
  reportedAt: timestampSchema,
  snapshot: snapshotSchema,
});

export const logEntrySchema = z.object({
  ...idField,
  caseId: z.string().nullable(),
  actorName: z.string(),
  automated: z.boolean(),
  action: z.string(),
  actionLabel: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  targetUserId: z.string().nullable(),
  ...givenReasonFields,
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
  until: timestampOrNullSchema,
  at: timestampSchema,
});
export type LogEntry = z.infer<typeof logEntrySchema>;

export const caseDetailsSchema = caseSummarySchema.extend({
  closedAt: timestampOrNullSchema,
  reportList: z.array(caseReportSchema),
  /** The listing as it is now (null when it is gone or the case is not about a listing). */
  current: listingSnapshotSchema.extend({ state: z.string() }).nullable(),
  /** This case's actions, then earlier actions against the same person. */
  log: z.array(logEntrySchema),
  actions: z.array(z.enum(ACTIONS)),
});
export type CaseDetails = z.infer<typeof caseDetailsSchema>;

export const caseActionResultSchema = z.object({ logId: z.string() });

/** One action against the caller, as their notices screen shows it. */
export const noticeSchema = z.object({
  ...idField,
  action: z.string(),
  actionLabel: z.string(),
  subjectTitle: z.string(),
  reasonLabel: z.string(),
  note: z.string().nullable(),
  until: timestampOrNullSchema,
  at: timestampSchema,
  /** Whether an appeal can still be made (none yet, within six months, an action that can be undone). */
  appealable: z.boolean(),
  appeal: z
    .object({ status: z.enum(['pending', 'upheld', 'reversed']), decisionReason: z.string().nullable() })
    .nullable(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const standingSchema = z.object({
  restrictedUntil: timestampOrNullSchema,
  notices: z.array(noticeSchema),
});
export type Standing = z.infer<typeof standingSchema>;

export const APPEAL_MONTHS = 6;
export const appealRequestSchema = z.object({
  logId: idSchema,
  text: requiredText(messageText('shared.moderation.appealText'), 2000),
});
export type AppealRequest = z.infer<typeof appealRequestSchema>;

/**
 * POST /moderation/appeals/by-link: a suspended account's appeal, without signing in. The signed
 * token of the suspension mail names the account and the decision; the body never does.
 */
export const appealByLinkSchema = appealRequestSchema.pick({ text: true }).extend({ token: linkTokenSchema });
export type AppealByLink = z.infer<typeof appealByLinkSchema>;

export const appealSchema = z.object({
  ...idField,
  logId: z.string(),
  userName: z.string(),
  text: z.string(),
  status: z.enum(['pending', 'upheld', 'reversed']),
  createdAt: timestampSchema,
  action: logEntrySchema,
  decisionReason: z.string().nullable(),
});
export type Appeal = z.infer<typeof appealSchema>;
export const appealListQuerySchema = z.object({ status: z.enum(['pending', 'decided']).default('pending') });

export const appealDecisionSchema = z.object({
  decision: z.enum(['upheld', 'reversed'], { error: 'Choose upheld or reversed' }),
  reason: requiredText('Give the reason for the decision', 1000),
});
export type AppealDecision = z.infer<typeof appealDecisionSchema>;

/** The words of a report's reason. */
export const reportReasonLabel = (reason: string) => labelOf(REPORT_REASON_LABELS, reason);
/** The words of an action's reason (an appeal's decision keeps its own words). */
export const actionReasonLabel = (reason: string) => labelOf(ACTION_REASON_LABELS, reason);
/** The words of a logged action, what follows an action included. */
export const logActionLabel = (action: string) => labelOf(LOG_ACTION_LABELS, action);

/** Why a moderator hid a review or took a listing off sale: a reason's code and the note they wrote, as read. */
export interface GivenReason {
  code: string | null;
  note: string | null;
}

/** A moderator's reason as it is stored (a code, never words) with their own note. */
export interface ModeratorReason extends GivenReason {
  code: ActionReason;
}

/**
 * What of a given reason its readers are shown: the reason's label (its code, null when there is
 * none to show) and the note as written. "Other" adds nothing beside a note.
 */
export const shownReason = ({ code, note }: GivenReason): GivenReason => ({
  code: code === 'other' && note ? null : code,
  note,
});

/** A given reason in English, as the API has always answered it: "Harassment: Threatens the seller". */
export function givenReasonWords(given: GivenReason): string | null {
  const { code, note } = shownReason(given);
  const label = code === null ? null : actionReasonLabel(code);
  return label && note ? `${label}: ${note}` : (label ?? note);
}
