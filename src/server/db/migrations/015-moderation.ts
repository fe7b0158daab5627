import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection';
import { addColumns, createIndex, createTable, engineMigration, idColumn, linkTo, ownedBy, required } from './ddl';

/**
 * The moderation desk (docs/moderation.md).
 *
 * - `moderation_cases`: one open case per reported or flagged thing, held by a partial unique index,
 *   so two reports racing join one case. `subject_type` is free text so a new kind of subject
 *   (a review) needs no migration.
 * - `case_reports`: each report or automated flag, with its reason and a JSON snapshot of the thing
 *   as it was then; no foreign key to the thing, so the evidence outlives edits and deletions.
 *   One per person and thing (unique), none per automated flag (its reporter is null).
 * - `evidence_photos`: the uploads a snapshot shows; housekeeping keeps them.
 * - `moderation_log`: the audit log. Triggers refuse every update and delete, so no code path (and
 *   no later mistake) can rewrite history; it names people by id without foreign keys for the same reason.
 * - `appeals`: one per logged action (unique), decided once (a guarded update).
 * - Sanctions live on the rows they change: `users.restricted_until` (lifts by itself when the time
 *   passes), `users.is_suspended`, and `products.moderation_state` with the reason the seller sees.
 */
export const moderationMigration = engineMigration(async (db, { timestamp, bool, offByDefault }, engine) => {
  await addColumns(db, 'users', [
    ['restricted_until', timestamp],
    ['is_suspended', bool, offByDefault],
  ]);
  await addColumns(db, 'products', [
    ['moderation_state', 'text'],
    ['moderation_reason', 'text'],
  ]);
  await addColumns(db, 'reports', [
    ['reason', 'text', (c) => c.notNull().defaultTo('not_given')],
    ['note', 'text'],
  ]);

  await createTable(db, 'moderation_cases', [
    idColumn,
    ...required('text', 'subject_type', 'subject_id'),
    ['subject_user_id', 'text'],
    ...required('text', 'title'),
    ...required(bool, 'is_open'),
    ...required(timestamp, 'opened_at'),
    ['closed_at', timestamp],
  ]);
  // Spelled as when it first ran: createIndex would write PostgreSQL's predicate `is_open = true`.
  const isOpen = engine === 'postgres' ? sql`is_open` : sql`is_open = 1`;
  await sql`create unique index moderation_cases_one_open on moderation_cases (subject_type, subject_id) where ${isOpen}`.execute(
    db,
  );
  await createIndex(db, 'moderation_cases_queue', 'moderation_cases', ['is_open', 'opened_at', 'id']);
  await createIndex(db, 'moderation_cases_subject', 'moderation_cases', ['subject_type', 'subject_id', 'opened_at']);

  await createTable(db, 'case_reports', [
    idColumn,
    ['case_id', 'text', (c) => c.notNull().references('moderation_cases.id')],
    ...required('text', 'subject_type', 'subject_id'),
    linkTo('reporter_id', 'users'),
    ...required('text', 'reason'),
    ['note', 'text'],
    ...required('text', 'snapshot'),
    ...required(timestamp, 'reported_at'),
  ]);
  await createIndex(db, 'case_reports_once', 'case_reports', ['subject_type', 'subject_id', 'reporter_id'], {
    unique: true,
  });
  await createIndex(db, 'case_reports_case', 'case_reports', ['case_id', 'reported_at', 'id']);
  await createIndex(db, 'case_reports_reporter', 'case_reports', ['reporter_id', 'reported_at']);

  await createTable(
    db,
    'evidence_photos',
    [['case_report_id', 'text', (c) => c.notNull().references('case_reports.id')], ...required('text', 'upload_id')],
    { primaryKey: ['evidence_photos_pk', ['case_report_id', 'upload_id']] },
  );
  await createIndex(db, 'evidence_photos_upload', 'evidence_photos', ['upload_id']);

  await createTable(db, 'moderation_log', [
    idColumn,
    ['case_id', 'text'],
    ['actor_id', 'text'],
    ...required('text', 'actor_name'),
    ...required(bool, 'is_automated'),
    ...required('text', 'action', 'subject_type', 'subject_id'),
    ['target_user_id', 'text'],
    ...required('text', 'reason'),
    ['note', 'text'],
    ...required('text', 'before_state', 'after_state'),
    ['until_at', timestamp],
    ...required(timestamp, 'created_at'),
  ]);
  await createIndex(db, 'moderation_log_created', 'moderation_log', ['created_at', 'id']);
  await createIndex(db, 'moderation_log_case', 'moderation_log', ['case_id', 'created_at']);
  await createIndex(db, 'moderation_log_target', 'moderation_log', ['target_user_id', 'created_at']);
  await appendOnly(db, engine);

  await createTable(db, 'appeals', [
    idColumn,
    ['log_id', 'text', (c) => c.notNull().unique().references('moderation_log.id')],
    ownedBy('user_id', 'users'),
    ...required('text', 'text'),
    ['status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'upheld', 'reversed')`)],
    ...required(timestamp, 'created_at'),
    ['decided_by', 'text'],
    ['decision_reason', 'text'],
    ['decided_at', timestamp],
  ]);
  await createIndex(db, 'appeals_queue', 'appeals', ['status', 'created_at', 'id']);
  await createIndex(db, 'appeals_user', 'appeals', ['user_id', 'created_at']);
  // Housekeeping finds the restrictions whose time is up.
  await createIndex(db, 'users_restricted_until', 'users', ['restricted_until']);
});

async function appendOnly(db: Kysely<unknown>, engine: Engine) {
  if (engine === 'postgres') {
    await sql`create function moderation_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'the moderation log is append-only'; end $$`.execute(db);
    await sql`create trigger moderation_log_no_change before update or delete on moderation_log
      for each row execute function moderation_log_append_only()`.execute(db);
    return;
  }
  for (const event of ['update', 'delete']) {
    await sql`create trigger ${sql.raw(`moderation_log_no_${event}`)} before ${sql.raw(event)} on moderation_log
      begin select raise(abort, 'the moderation log is append-only'); end`.execute(db);
  }
}
