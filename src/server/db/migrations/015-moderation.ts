import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection';
import { addColumns, createIndex, engineMigration } from './ddl';

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
export const moderationMigration = engineMigration(async (db, { timestamp, bool, falseDefault }, engine) => {
  await addColumns(db, 'users', [
    ['restricted_until', timestamp],
    ['is_suspended', bool, (c) => c.notNull().defaultTo(falseDefault)],
  ]);
  await addColumns(db, 'products', [
    ['moderation_state', 'text'],
    ['moderation_reason', 'text'],
  ]);
  await addColumns(db, 'reports', [
    ['reason', 'text', (c) => c.notNull().defaultTo('not_given')],
    ['note', 'text'],
  ]);

  await db.schema
    .createTable('moderation_cases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('subject_user_id', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('is_open', bool, (c) => c.notNull())
    .addColumn('opened_at', timestamp, (c) => c.notNull())
    .addColumn('closed_at', timestamp)
    .execute();
  // Spelled as when it first ran: createIndex would write PostgreSQL's predicate `is_open = true`.
  const isOpen = engine === 'postgres' ? sql`is_open` : sql`is_open = 1`;
  await sql`create unique index moderation_cases_one_open on moderation_cases (subject_type, subject_id) where ${isOpen}`.execute(
    db,
  );
  await createIndex(db, 'moderation_cases_queue', 'moderation_cases', ['is_open', 'opened_at', 'id']);
  await createIndex(db, 'moderation_cases_subject', 'moderation_cases', ['subject_type', 'subject_id', 'opened_at']);

  await db.schema
    .createTable('case_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('case_id', 'text', (c) => c.notNull().references('moderation_cases.id'))
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('reporter_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('reported_at', timestamp, (c) => c.notNull())
    .execute();
  await createIndex(db, 'case_reports_once', 'case_reports', ['subject_type', 'subject_id', 'reporter_id'], {
    unique: true,
  });
  await createIndex(db, 'case_reports_case', 'case_reports', ['case_id', 'reported_at', 'id']);
  await createIndex(db, 'case_reports_reporter', 'case_reports', ['reporter_id', 'reported_at']);

  await db.schema
    .createTable('evidence_photos')
    .addColumn('case_report_id', 'text', (c) => c.notNull().references('case_reports.id'))
    .addColumn('upload_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('evidence_photos_pk', ['case_report_id', 'upload_id'])
    .execute();
  await createIndex(db, 'evidence_photos_upload', 'evidence_photos', ['upload_id']);

  await db.schema
    .createTable('moderation_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('case_id', 'text')
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('is_automated', bool, (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('target_user_id', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('before_state', 'text', (c) => c.notNull())
    .addColumn('after_state', 'text', (c) => c.notNull())
    .addColumn('until_at', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await createIndex(db, 'moderation_log_created', 'moderation_log', ['created_at', 'id']);
  await createIndex(db, 'moderation_log_case', 'moderation_log', ['case_id', 'created_at']);
  await createIndex(db, 'moderation_log_target', 'moderation_log', ['target_user_id', 'created_at']);
  await appendOnly(db, engine);

  await db.schema
    .createTable('appeals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('log_id', 'text', (c) => c.notNull().unique().references('moderation_log.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'upheld', 'reversed')`))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('decided_by', 'text')
    .addColumn('decision_reason', 'text')
    .addColumn('decided_at', timestamp)
    .execute();
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
