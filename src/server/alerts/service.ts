import { messageText } from '#shared/i18n/translate';
import { localText, serverMessage, type LocalText } from '#server/i18n/texts';
import type { Kysely } from 'kysely';
import { MAX_ALERTS, searchParamsOf, type AlertSearch, type UpdateAlertRequest } from '#shared/alerts';
import { englishSentence } from '#server/alerts/sentence';
import { MAX_PRICE } from '#shared/products';
import { findCategory } from '#server/categories/repository';
import type { AlertFrequency, Database } from '#server/db/schema';
import { isUniqueViolation } from '#server/db/errors';
import { AppError, forbidden, orNotFound } from '#server/errors';
import { indexedText, wordsOf } from '#server/search/text';
import type { Term } from '#server/search/words';
import { alertSentence } from './sentence';
import { countAlerts, deleteAlert, findAlert, findAlertBySearch, insertAlert, updateAlert } from './repository';

const alreadySaved = () => new AppError('ALREADY_EXISTS', serverMessage('server.alerts.error.alreadySaved'));

/**
 * Saves a search as an alert of `userId`. At most MAX_ALERTS per user: the count and the insert
 * are one transaction that first takes the user's row, so two saves at once take turns.
 */
export async function saveAlert(
  db: Kysely<Database>,
  userId: string,
  search: AlertSearch,
  frequency: AlertFrequency,
  now = new Date(),
): Promise<string> {
  const category = search.category ? await findCategory(db, search.category) : undefined;
  if (search.category && !category) {
    const unknown = messageText('shared.search.unknownCategory');
    throw new AppError('VALIDATION_FAILED', unknown, { category: unknown });
  }
  // Words as typed, never corrected: an alert waits for phones no listing names yet.
  const terms: Term[] = [...new Set(wordsOf(search.q))].map((word) => ({ word, prefix: false }));
  const params = searchParamsOf(search);
  try {
    return await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ id: userId }).where('id', '=', userId).execute();
      if (await findAlertBySearch(trx, userId, params)) throw alreadySaved();
      if ((await countAlerts(trx, userId)) >= MAX_ALERTS) {
        throw new AppError('CONFLICT', serverMessage('server.alerts.error.tooMany', { max: MAX_ALERTS }));
      }
      return insertAlert(
        trx,
        {
          user_id: userId,
          search: params,
          sentence: englishSentence(search, category?.category_name),
          words: JSON.stringify(terms),
          category_id: search.category ?? '',
          brand_key: search.brand ? indexedText(search.brand) : '',
          condition: search.condition ?? '',
          district: search.district ?? '',
          min_price: search.minPrice ?? 0,
          max_price: search.maxPrice ?? MAX_PRICE,
          is_verified_only: search.verified ?? false,
          frequency,
        },
        now,
      );
    });
  } catch (error) {
    throw isUniqueViolation(error) ? alreadySaved() : error;
  }
}

async function ownAlert(db: Kysely<Database>, userId: string, alertId: string) {
  const alert = orNotFound(await findAlert(db, alertId), 'Alert');
  if (alert.user_id !== userId) throw forbidden(serverMessage('server.alerts.error.notYours'));
  return alert;
}

/** Pauses, resumes or changes how often one of the user's alerts tells. */
export async function changeAlert(db: Kysely<Database>, userId: string, alertId: string, request: UpdateAlertRequest) {
  await ownAlert(db, userId, alertId);
  return updateAlert(db, alertId, {
    ...(request.frequency !== undefined ? { frequency: request.frequency } : {}),
    ...(request.paused !== undefined ? { is_paused: request.paused } : {}),
  });
}

export async function removeAlert(db: Kysely<Database>, userId: string, alertId: string): Promise<number> {
  await ownAlert(db, userId, alertId);
  return deleteAlert(db, alertId);
}

/** The kind an alert's unsubscribe token names: `alert:<id>`. */
export const ALERT_MAIL_KIND = /^alert:([0-9a-f]{24})$/;

/**
 * An alert mail's one-click unsubscribe: that alert mails no more (its matches still ring the
 * bell). Answers the sentence the unsubscribe page shows.
 */
export async function unsubscribeAlert(db: Kysely<Database>, userId: string, alertId: string): Promise<LocalText> {
  const alert = await findAlert(db, alertId);
  if (!alert || alert.user_id !== userId) {
    throw new AppError('INVALID_LINK', serverMessage('server.alerts.error.gone'));
  }
  await updateAlert(db, alertId, { is_mail_off: true });
  const category = alert.category_id ? await findCategory(db, alert.category_id) : undefined;
  return localText('server.alerts.unsubscribed', {
    sentence: alertSentence({
      ...alert,
      category_name: category?.category_name ?? null,
      category_name_bn: category?.name_bn ?? null,
    }),
  });
}
