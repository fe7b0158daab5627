import type { Kysely } from 'kysely';
import type { PageQuery } from '#shared/common';
import { newId, nowIso } from '#server/db/ids';
import { newestFirstPage, readPage } from '#server/db/paging';
import type { Database, ModerationLogRow } from '#server/db/schema';
import { insertUnlessTaken, rowById } from '#server/db/keys';

/** The actions that count as an earlier sanction in a case's signals. */
export const SANCTIONS = ['hide_listing', 'remove_listing', 'request_changes', 'warn', 'restrict', 'suspend'];

export const findOpenCase = (db: Kysely<Database>, subjectType: string, subjectId: string) =>
  db
    .selectFrom('moderation_cases')
    .selectAll()
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .where('is_open', '=', true)
    .executeTakeFirst();

export const findCase = rowById('moderation_cases');

/** Opens a case unless one is open for the thing already (the partial unique index decides a race). */
export async function insertCaseIfNone(
  db: Kysely<Database>,
  fields: { subjectType: string; subjectId: string; subjectUserId: string | null; title: string },
): Promise<void> {
  await db
    .insertInto('moderation_cases')
    .values({
      id: newId(),
      subject_type: fields.subjectType,
      subject_id: fields.subjectId,
      subject_user_id: fields.subjectUserId,
      title: fields.title,
      is_open: true,
      opened_at: nowIso(),
      closed_at: null,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Closes an open case; false when it was closed already (another moderator acted first). */
export async function closeCase(db: Kysely<Database>, id: string): Promise<boolean> {
  const rows = await db
    .updateTable('moderation_cases')
    .set({ is_open: false, closed_at: nowIso() })
    .where('id', '=', id)
    .where('is_open', '=', true)
    .returning('id')
    .execute();
  return rows.length > 0;
}

export interface NewCaseReport {
  caseId: string;
  subjectType: string;
  subjectId: string;
  reporterId: string | null;
  reason: string;
  note: string | null;
  snapshot: string;
}

/** Adds a report to a case; null when this person reported this thing before (unique index). */
export const insertCaseReport = (db: Kysely<Database>, report: NewCaseReport): Promise<string | null> =>
  insertUnlessTaken(db, 'case_reports', {
    case_id: report.caseId,
    subject_type: report.subjectType,
    subject_id: report.subjectId,
    reporter_id: report.reporterId,
    reason: report.reason,
    note: report.note,
    snapshot: report.snapshot,
    reported_at: nowIso(),
  });

export async function insertEvidencePhotos(db: Kysely<Database>, reportId: string, uploadIds: string[]) {
  if (!uploadIds.length) return;
  await db
    .insertInto('evidence_photos')
    .values([...new Set(uploadIds)].map((upload_id) => ({ case_report_id: reportId, upload_id })))
    .execute();
}

export const hasReported = async (db: Kysely<Database>, subjectType: string, subjectId: string, reporterId: string) =>
  !!(await db
    .selectFrom('case_reports')
    .select('id')
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .where('reporter_id', '=', reporterId)
    .executeTakeFirst());

/** The queue: open cases, oldest first. */
export function listOpenCases(db: Kysely<Database>, page: PageQuery) {
  return readPage(
    db
      .selectFrom('moderation_cases')
      .selectAll()
      .where('is_open', '=', true)
      .orderBy('opened_at', 'asc')
      .orderBy('id', 'asc'),
    db.selectFrom('moderation_cases').where('is_open', '=', true),
    page,
  );
}

export async function reasonCounts(db: Kysely<Database>, caseIds: string[]) {
  if (!caseIds.length) return [];
  return db
    .selectFrom('case_reports')
    .select(['case_id', 'reason', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('case_id', 'in', caseIds)
    .groupBy(['case_id', 'reason'])
    .execute();
}

/** Who each person is, and their record: sanctions so far, and reports in open cases about them. */
export async function signalRows(db: Kysely<Database>, userIds: string[]) {
  if (!userIds.length) return [];
  return db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.name',
      'u.created_at',
      'u.is_email_verified',
      'u.is_verified',
      'u.restricted_until',
      'u.is_suspended',
      (eb) =>
        eb
          .selectFrom('moderation_log as l')
          .select((e) => e.fn.countAll<number | string>().as('n'))
          .whereRef('l.target_user_id', '=', 'u.id')
          .where('l.action', 'in', SANCTIONS)
          .as('sanctions'),
      (eb) =>
        eb
          .selectFrom('case_reports as r')
          .innerJoin('moderation_cases as c', 'c.id', 'r.case_id')
          .select((e) => e.fn.countAll<number | string>().as('n'))
          .whereRef('c.subject_user_id', '=', 'u.id')
          .where('c.is_open', '=', true)
          .as('open_reports'),
    ])
    .where('u.id', 'in', userIds)
    .execute();
}

export const reportsOfCase = (db: Kysely<Database>, caseId: string) =>
  db
    .selectFrom('case_reports as r')
    .leftJoin('users as u', 'u.id', 'r.reporter_id')
    .select(['r.id', 'r.reason', 'r.note', 'r.snapshot', 'r.reported_at', 'r.reporter_id', 'u.name as reporter_name'])
    .where('r.case_id', '=', caseId)
    .orderBy('r.reported_at', 'asc')
    .orderBy('r.id', 'asc')
    .execute();

/** The people who reported a case's thing, to be told the outcome. */
export const reportersOfCase = (db: Kysely<Database>, caseId: string) =>
  db
    .selectFrom('case_reports')
    .select('reporter_id')
    .distinct()
    .where('case_id', '=', caseId)
    .where('reporter_id', 'is not', null)
    .execute()
    .then((rows) => rows.map((row) => row.reporter_id!));

export type NewLogEntry = Omit<ModerationLogRow, 'id' | 'created_at' | 'before_state' | 'after_state'> & {
  before: object;
  after: object;
};

/** Appends one row to the audit log: the only write the log takes. */
export async function appendLog(db: Kysely<Database>, entry: NewLogEntry): Promise<string> {
  const { before, after, ...fields } = entry;
  const id = newId();
  await db
    .insertInto('moderation_log')
    .values({
      ...fields,
      id,
      before_state: JSON.stringify(before),
      after_state: JSON.stringify(after),
      created_at: nowIso(),
    })
    .execute();
  return id;
}

export const findLogEntry = rowById('moderation_log');

/** A case's own entries and the earlier ones against the same person, newest first (at most 100). */
export function logOfCase(db: Kysely<Database>, caseId: string, userId: string | null) {
  return db
    .selectFrom('moderation_log')
    .selectAll()
    .where((eb) => eb.or([eb('case_id', '=', caseId), ...(userId ? [eb('target_user_id', '=', userId)] : [])]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}

export const listLog = (db: Kysely<Database>, page: PageQuery) =>
  newestFirstPage(db.selectFrom('moderation_log'), page);

/** The log in time order, `size` rows at a time after (`at`, `id`), for the CSV export. */
export const logAfter = (db: Kysely<Database>, after: { at: string; id: string } | null, size: number) =>
  db
    .selectFrom('moderation_log')
    .selectAll()
    .$if(after !== null, (q) =>
      q.where((eb) =>
        eb.or([eb('created_at', '>', after!.at), eb.and([eb('created_at', '=', after!.at), eb('id', '>', after!.id)])]),
      ),
    )
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(size)
    .execute();

/** What was done to a person, newest first, with their appeal of each. */
export const noticesOf = (db: Kysely<Database>, userId: string, actions: string[]) =>
  db
    .selectFrom('moderation_log as l')
    .leftJoin('appeals as a', 'a.log_id', 'l.id')
    .leftJoin('moderation_cases as c', 'c.id', 'l.case_id')
    .selectAll('l')
    .select(['a.status as appeal_status', 'a.decision_reason', 'c.title'])
    .where('l.target_user_id', '=', userId)
    .where('l.action', 'in', actions)
    .orderBy('l.created_at', 'desc')
    .limit(50)
    .execute();

export const insertAppeal = (
  db: Kysely<Database>,
  appeal: { logId: string; userId: string; text: string },
): Promise<string | null> =>
  insertUnlessTaken(db, 'appeals', {
    log_id: appeal.logId,
    user_id: appeal.userId,
    text: appeal.text,
    status: 'pending',
    created_at: nowIso(),
    decided_by: null,
    decision_reason: null,
    decided_at: null,
  });

export const findAppeal = rowById('appeals');

/** Decides a pending appeal; false when it was decided already. */
export async function decidePendingAppeal(
  db: Kysely<Database>,
  id: string,
  decision: { status: 'upheld' | 'reversed'; by: string; reason: string },
): Promise<boolean> {
  const rows = await db
    .updateTable('appeals')
    .set({ status: decision.status, decided_by: decision.by, decision_reason: decision.reason, decided_at: nowIso() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning('id')
    .execute();
  return rows.length > 0;
}

export const listPendingAppeals = (db: Kysely<Database>, page: PageQuery) =>
  readPage(
    db
      .selectFrom('appeals as a')
      .innerJoin('moderation_log as l', 'l.id', 'a.log_id')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .selectAll('l')
      .select([
        'a.id as appeal_id',
        'a.text as appeal_text',
        'a.status as appeal_status',
        'a.created_at as appealed_at',
        'a.decision_reason',
        'u.name as user_name',
      ])
      .where('a.status', '=', 'pending')
      .orderBy('a.created_at', 'asc')
      .orderBy('a.id', 'asc'),
    db.selectFrom('appeals').where('status', '=', 'pending'),
    page,
  );

/** Restrictions whose time is up and that are still set (housekeeping lifts them with a log row). */
export const endedRestrictions = (db: Kysely<Database>, now: string, limit: number) =>
  db.selectFrom('users').select(['id', 'restricted_until']).where('restricted_until', '<=', now).limit(limit).execute();

export const countOf = (value: number | string | null | undefined) => Number(value ?? 0);
