import type { Kysely } from 'kysely';
import {
  SUBJECT_TYPES,
  actionReasonLabel,
  logActionLabel,
  reportReasonLabel,
  type CaseDetails,
  type CaseSummary,
  type LogEntry,
  type Notice,
  type Standing,
  type SubjectType,
} from '#shared/moderation';
import type { PageQuery } from '#shared/common';
import type { Database, ModerationCaseRow, ModerationLogRow } from '#server/db/schema';
import { orNotFound } from '#server/errors';
import { ENGLISH, localText, write, type Language, type ServerMessageId } from '#server/i18n/texts';
import type { ImageStore } from '#server/uploads/store';
import { actionsFor } from './actions';
import { APPEALABLE, isAppealable } from './appeals';
import {
  countOf,
  findCase,
  listLog,
  listOpenCases,
  listPendingAppeals,
  logOfCase,
  noticesOf,
  reasonCounts,
  reportsOfCase,
  signalRows,
} from './repository';
import { listingSnapshot, shownSnapshot } from './snapshots';
import { titleIn } from './titles';

const asSubjectType = (type: string): SubjectType =>
  (SUBJECT_TYPES as readonly string[]).includes(type) ? (type as SubjectType) : 'review';

/**
 * The note of an entry the server logged by itself, kept as its action (no words stored) and worded
 * for its reader; entries of before hold the same note in English, which this replaces too.
 */
const SERVER_NOTES: Readonly<Record<string, ServerMessageId>> = {
  resubmitted: 'server.moderation.note.resubmitted',
  restriction_lifted: 'server.moderation.note.restrictionEnded',
};

const noteOf = (row: ModerationLogRow, language: Language): string | null => {
  const server = row.is_automated ? SERVER_NOTES[row.action] : undefined;
  return server ? write(language, localText(server)) : row.note;
};

export const toLogEntry = (row: ModerationLogRow, language: Language = ENGLISH): LogEntry => ({
  _id: row.id,
  caseId: row.case_id,
  actorName: row.actor_name,
  automated: row.is_automated,
  action: row.action,
  actionLabel: logActionLabel(row.action),
  subjectType: row.subject_type,
  subjectId: row.subject_id,
  targetUserId: row.target_user_id,
  reason: row.reason,
  reasonLabel: actionReasonLabel(row.reason),
  note: noteOf(row, language),
  before: JSON.parse(row.before_state) as Record<string, unknown>,
  after: JSON.parse(row.after_state) as Record<string, unknown>,
  until: row.until_at,
  at: row.created_at,
});

/** Cases with their counts by reason and their person's signals, read for a page at once. */
async function summaries(db: Kysely<Database>, rows: ModerationCaseRow[], language: Language): Promise<CaseSummary[]> {
  const ids = rows.map((row) => row.id);
  const userIds = [...new Set(rows.flatMap((row) => (row.subject_user_id ? [row.subject_user_id] : [])))];
  const [counts, people] = await Promise.all([reasonCounts(db, ids), signalRows(db, userIds)]);
  const byUser = new Map(people.map((person) => [person.id, person]));
  return rows.map((row) => {
    const reasons = counts
      .filter((c) => c.case_id === row.id)
      .map((c) => ({ reason: c.reason, label: reportReasonLabel(c.reason), count: countOf(c.count) }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
    const person = row.subject_user_id ? byUser.get(row.subject_user_id) : undefined;
    return {
      _id: row.id,
      subjectType: asSubjectType(row.subject_type),
      subjectId: row.subject_id,
      title: titleIn(row.title, language),
      open: row.is_open,
      openedAt: row.opened_at,
      reasons,
      reports: reasons.reduce((sum, r) => sum + r.count, 0),
      signals: {
        userId: person?.id ?? null,
        name: person?.name ?? 'Deleted account',
        memberSince: person?.created_at ?? null,
        emailVerified: person?.is_email_verified ?? false,
        sellerVerified: person?.is_verified ?? false,
        earlierSanctions: countOf(person?.sanctions as number | string | null),
        openReports: countOf(person?.open_reports as number | string | null),
        restrictedUntil: person?.restricted_until ?? null,
        suspended: person?.is_suspended ?? false,
      },
    };
  });
}

export async function caseQueue(db: Kysely<Database>, page: PageQuery, language: Language) {
  const { rows, total } = await listOpenCases(db, page);
  return { items: await summaries(db, rows, language), total };
}

export async function caseDetails(
  db: Kysely<Database>,
  images: ImageStore,
  id: string,
  language: Language,
): Promise<CaseDetails> {
  const found = orNotFound(await findCase(db, id), 'Case');
  const [[summary], reports, log, product] = await Promise.all([
    summaries(db, [found], language),
    reportsOfCase(db, id),
    logOfCase(db, id, found.subject_user_id),
    found.subject_type === 'listing'
      ? db.selectFrom('products').selectAll().where('id', '=', found.subject_id).executeTakeFirst()
      : undefined,
  ]);
  const current = product ? shownSnapshot(JSON.stringify(await listingSnapshot(db, product)), images) : null;
  return {
    ...summary!,
    closedAt: found.closed_at,
    reportList: reports.map((report) => ({
      _id: report.id,
      reporterName: report.reporter_id ? (report.reporter_name ?? 'Deleted account') : 'PhoneHaat',
      automated: report.reporter_id === null && report.reason === 'resubmitted',
      reason: report.reason,
      reasonLabel: reportReasonLabel(report.reason),
      note: report.note,
      reportedAt: report.reported_at,
      snapshot: shownSnapshot(report.snapshot, images),
    })),
    current:
      current?.type === 'listing'
        ? { ...current, state: product!.moderation_state ?? (product!.is_hidden ? 'hidden by its seller' : 'on sale') }
        : null,
    log: log.map((row) => toLogEntry(row, language)),
    actions: found.is_open ? actionsFor(found) : [],
  };
}

export async function logPage(db: Kysely<Database>, page: PageQuery, language: Language) {
  const { rows, total } = await listLog(db, page);
  return { items: rows.map((row) => toLogEntry(row, language)), total };
}

export async function appealsPage(db: Kysely<Database>, page: PageQuery, language: Language) {
  const { rows, total } = await listPendingAppeals(db, page);
  return {
    items: rows.map((row) => ({
      _id: row.appeal_id,
      logId: row.id,
      userName: row.user_name,
      text: row.appeal_text,
      status: row.appeal_status,
      createdAt: row.appealed_at,
      action: toLogEntry(row, language),
      decisionReason: row.decision_reason,
    })),
    total,
  };
}

/** What was done to the caller, and whether each can be appealed. */
export async function standingOf(db: Kysely<Database>, userId: string, language: Language): Promise<Standing> {
  const [user, rows] = await Promise.all([
    db.selectFrom('users').select('restricted_until').where('id', '=', userId).executeTakeFirst(),
    noticesOf(db, userId, APPEALABLE),
  ]);
  const now = Date.now();
  const restrictedUntil =
    user?.restricted_until && Date.parse(user.restricted_until) > now ? user.restricted_until : null;
  return {
    restrictedUntil,
    notices: rows.map((row): Notice => ({
      _id: row.id,
      action: row.action,
      actionLabel: logActionLabel(row.action),
      subjectTitle: titleIn(row.title ?? '', language),
      reasonLabel: actionReasonLabel(row.reason),
      note: row.note,
      until: row.until_at,
      at: row.created_at,
      appealable: !row.appeal_status && isAppealable(row),
      appeal: row.appeal_status ? { status: row.appeal_status, decisionReason: row.decision_reason } : null,
    })),
  };
}
