import type { Kysely } from 'kysely';
import type { PageQuery } from '#shared/common';
import type { Notification } from '#shared/notifications';
import { slices } from '#server/db/batches';
import { newId, nowIso } from '#server/db/ids';
import type { Database, NotificationRow } from '#server/db/schema';
import { countOf, newestFirstPage } from '#server/db/paging';
import { compiledChange, compiledOnce } from '#server/db/compiled';
import { compiledInsert } from '#server/db/keys';
import { languageOfRow } from '#server/i18n/recipient';
import type { Language } from '#server/i18n/texts';
import type { MailRecipient } from '#server/mail/notifications';

/** A notification as it is stored: its sentence already written in its recipient's language. */
export type WrittenNotification = Pick<NotificationRow, 'kind' | 'message' | 'link'> & { userId: string };

const toNotification = (row: NotificationRow): Notification => ({
  _id: row.id,
  kind: row.kind,
  message: row.message,
  link: row.link,
  createdAt: row.created_at,
  read: row.is_read,
});

/** Rows per insert: well within either engine's limit of parameters per statement. */
const NOTIFICATIONS_PER_INSERT = 500;

/** A notification's row as stored. */
const rowOf = ({ userId, kind, message, link }: WrittenNotification) => ({
  kind,
  message,
  link,
  id: newId(),
  user_id: userId,
  created_at: nowIso(),
});

/** A single notification (a message's, a booking's: most of them), by a statement compiled once. */
const insertOne = compiledInsert('notifications', ['kind', 'message', 'link', 'id', 'user_id', 'created_at']);

/** Writes notifications, 500 to a statement (an alert round writes thousands). */
export async function insertNotifications(db: Kysely<Database>, notifications: WrittenNotification[]): Promise<void> {
  if (notifications.length === 1) {
    await insertOne(db, rowOf(notifications[0]!));
    return;
  }
  for (const slice of slices(notifications, NOTIFICATIONS_PER_INSERT)) {
    await db.insertInto('notifications').values(slice.map(rowOf)).execute();
  }
}

/** One page of a user's notifications, newest first (served by notifications_user_created). */
export async function listNotifications(db: Kysely<Database>, userId: string, page: PageQuery) {
  const { rows, total } = await newestFirstPage(db.selectFrom('notifications').where('user_id', '=', userId), page);
  return { items: rows.map(toNotification), total };
}

/** How many the user has not read (served by the partial index notifications_user_unread). */
export const countUnread = (db: Kysely<Database>, userId: string): Promise<number> =>
  countOf(db.selectFrom('notifications').where('user_id', '=', userId).where('is_read', '=', false));

/** Every signed-in visit opens the bell: compiled once (db/compiled.ts). */
const markUnreadRead = compiledChange((db, v: { userId: string }) =>
  db.updateTable('notifications').set({ is_read: true }).where('user_id', '=', v.userId).where('is_read', '=', false),
);

export const markAllRead = (db: Kysely<Database>, userId: string): Promise<number> => markUnreadRead(db, { userId });

/** A person told something: the language it is written in, what its mail needs, and whether they have a device to push to. */
export interface Recipient extends MailRecipient {
  language: Language;
  hasDevices: boolean;
}

const USERS_PER_READ = 1000;

/**
 * The people of `userIds` as withNotifications tells them, one read per 1,000 (an alert round tells
 * thousands): each account once for every kind it turned off for mail (a handful at most, by the
 * opt-outs' key), once with none for no such kind. An account that is gone is left out. Whether it
 * has a device subscribed to pushes comes with it, so that the pushes after the commit read the
 * devices of those who have some (most have none), not of everyone told.
 */
export async function recipientsOf(db: Kysely<Database>, userIds: readonly string[]): Promise<Map<string, Recipient>> {
  const recipients = new Map<string, Recipient>();
  for (const slice of slices(userIds, USERS_PER_READ)) {
    // One person (a message, a booking: most notifications) by a statement compiled once.
    const rows =
      slice.length === 1
        ? await recipientById(db, { id: slice[0]! })
        : await recipientRows(db).where('u.id', 'in', slice).execute();
    for (const row of rows) {
      const mailOff = new Set(recipients.get(row.id)?.mailOff);
      if (row.mail_off !== null) mailOff.add(row.mail_off);
      recipients.set(row.id, {
        language: languageOfRow(row),
        email: row.email,
        isEmailVerified: Boolean(row.is_email_verified),
        mailOff,
        hasDevices: Boolean(row.has_devices),
      });
    }
  }
  return recipients;
}

/** The people's rows recipientsOf reads: one for each kind turned off for mail, or one with none. */
const recipientRows = (db: Kysely<Database>) =>
  db
    .selectFrom('users as u')
    .leftJoin('mail_opt_outs as o', 'o.user_id', 'u.id')
    .select(['u.id', 'u.locale', 'u.latin_digits', 'u.email', 'u.is_email_verified', 'o.kind as mail_off'])
    .select((eb) =>
      eb
        .exists(eb.selectFrom('push_subscriptions as d').select('d.id').whereRef('d.user_id', '=', 'u.id'))
        .as('has_devices'),
    );

const recipientById = compiledOnce((db, v: { id: string }) => recipientRows(db).where('u.id', '=', v.id));
