import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { newId } from '#server/db/ids';
import { openCase } from '#server/moderation/cases';
import { appendLog } from '#server/moderation/repository';
import { listingSnapshot, userSnapshot } from '#server/moderation/snapshots';
import { toAffected } from '#server/moderation/messages';
import { ENGLISH, write } from '#server/i18n/texts';

interface DemoPeople {
  admin: { id: string; name: string } | undefined;
  buyer: string;
  otherBuyer: string;
  restricted: string;
}

const DAY = 24 * 3_600_000;

/**
 * The moderation desk's demo (docs/moderation.md): an open case of a listing two buyers reported
 * (the spec's Reported Items shows both), an open case of an account, and that account restricted
 * for 7 days since yesterday, with its appeal waiting for the admin.
 */
export async function insertDemoModeration(
  trx: Kysely<Database>,
  people: DemoPeople,
  reportedListingId: string,
  at: (hoursAgo: number) => Date,
) {
  const product = await trx
    .selectFrom('products')
    .selectAll()
    .where('id', '=', reportedListingId)
    .executeTakeFirstOrThrow();
  const snapshot = await listingSnapshot(trx, product);
  const reports = [
    {
      reporter: people.otherBuyer,
      reason: 'bait_price',
      note: 'The same phone sells for twice this price',
      hoursAgo: 1,
    },
    {
      reporter: people.buyer,
      reason: 'advance_payment',
      note: 'Asked me to send 2,000 Tk by bKash first',
      hoursAgo: 2,
    },
  ];
  for (const report of reports) {
    await trx
      .insertInto('reports')
      .values({
        id: newId(at(report.hoursAgo).getTime()),
        product_id: product.id,
        reporter_id: report.reporter,
        reported_at: at(report.hoursAgo).toISOString(),
        reason: report.reason,
        note: report.note,
      })
      .execute();
    await openCase(trx, {
      subjectType: 'listing',
      subjectId: product.id,
      subjectUserId: product.seller_id,
      title: product.product_name,
      reason: report.reason,
      note: report.note,
      snapshot,
      reporterId: report.reporter,
    });
  }

  const restricted = await trx
    .selectFrom('users')
    .selectAll()
    .where('id', '=', people.restricted)
    .executeTakeFirstOrThrow();
  const userCase = {
    subjectType: 'user' as const,
    subjectId: restricted.id,
    subjectUserId: restricted.id,
    title: restricted.name,
    snapshot: await userSnapshot(trx, restricted),
  };
  const { caseId } = await openCase(trx, {
    ...userCase,
    reason: 'scam',
    note: 'Took a deposit for a phone and stopped answering',
    reporterId: people.otherBuyer,
  });
  await trx
    .updateTable('moderation_cases')
    .set({ is_open: false, closed_at: at(24).toISOString() })
    .where('id', '=', caseId)
    .execute();
  const until = new Date(at(24).getTime() + 7 * DAY).toISOString();
  await trx.updateTable('users').set({ restricted_until: until }).where('id', '=', restricted.id).execute();
  const logId = await appendLog(trx, {
    case_id: caseId,
    actor_id: people.admin?.id ?? null,
    actor_name: people.admin?.name ?? 'PhoneHaat Admin',
    is_automated: false,
    action: 'restrict',
    subject_type: 'user',
    subject_id: restricted.id,
    target_user_id: restricted.id,
    reason: 'scam',
    note: 'Two buyers paid a deposit and got no phone',
    until_at: until,
    before: { restrictedUntil: null },
    after: { restrictedUntil: until },
  });
  const told = toAffected(restricted.id, 'restrict', {
    title: restricted.name,
    reason: 'scam',
    note: 'Two buyers paid a deposit and got no phone',
    until,
  });
  await trx
    .insertInto('notifications')
    .values({
      id: newId(at(24).getTime()),
      user_id: told.userId,
      kind: told.kind,
      message: write(ENGLISH, told.message),
      link: told.link,
      created_at: at(24).toISOString(),
    })
    .execute();
  await trx
    .insertInto('appeals')
    .values({
      id: newId(at(20).getTime()),
      log_id: logId,
      user_id: restricted.id,
      text: 'I refunded both deposits the same day; the buyers can confirm it.',
      status: 'pending',
      created_at: at(20).toISOString(),
      decided_by: null,
      decision_reason: null,
      decided_at: null,
    })
    .execute();
  // A newer report of the same account opens a new case, waiting in the queue.
  await openCase(trx, { ...userCase, reason: 'fake_account', note: null, reporterId: people.buyer });
}
