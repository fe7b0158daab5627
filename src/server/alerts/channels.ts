import type { Transaction } from 'kysely';
import { paths } from '#shared/paths';
import type { Database } from '#server/db/schema';
import { queueMails } from '#server/mail/outbox';
import { localText, type LocalText } from '#server/i18n/texts';
import type { Notify } from '#server/notifications/service';
import type { PendingAlert } from './repository';
import { alertSentence } from './sentence';

/** One alert's batch of phones, as every channel tells it. */
export interface AlertDelivery {
  alert: PendingAlert;
  phones: Array<{ productId: string; name: string; price: number; dropped: boolean }>;
}

/**
 * A way matches reach people, given a whole round's batches at once so that it writes its rows in a
 * few statements. The bell and mail are the two (the bell's notifications are also pushed to the
 * devices of those who want it, docs/app.md); another channel is one more entry in ALERT_CHANNELS,
 * called in the same transaction as the others.
 */
export interface AlertChannel {
  name: string;
  deliver(trx: Transaction<Database>, tell: Notify, deliveries: AlertDelivery[]): Promise<void>;
}

/** "iPhone 13 for 55000Tk (price dropped)", in its reader's language. */
export const phoneWords = (phone: AlertDelivery['phones'][number]) =>
  localText(phone.dropped ? 'server.alerts.phoneDropped' : 'server.alerts.phone', {
    name: phone.name,
    price: phone.price,
  });

const LISTS = ['server.alerts.list1', 'server.alerts.list2', 'server.alerts.list3'] as const;

/** The sentence of a delivery: how many phones, for which alert, the first few named. */
export function deliverySentence({ alert, phones }: AlertDelivery): LocalText {
  const [a, b, c] = phones.slice(0, 3).map(phoneWords);
  const named = localText(LISTS[Math.min(phones.length, 3) - 1]!, { a: a!, ...(b ? { b } : {}), ...(c ? { c } : {}) });
  const values = { count: phones.length, sentence: alertSentence(alert), named };
  return phones.length > 3
    ? localText('server.alerts.matchesMore', { ...values, more: phones.length - 3 })
    : localText('server.alerts.matches', values);
}

export const bellChannel: AlertChannel = {
  name: 'bell',
  async deliver(_trx, tell, deliveries) {
    await tell(
      ...deliveries.map((delivery) => {
        const only = delivery.phones.length === 1 ? delivery.phones[0] : undefined;
        return {
          userId: delivery.alert.user_id,
          kind: 'alert_match' as const,
          message: deliverySentence(delivery),
          link: only ? paths.product(only.productId) : paths.myAlerts,
        };
      }),
    );
  },
};

/** To a verified address only, unless that alert's mail was unsubscribed from. */
export const mailChannel: AlertChannel = {
  name: 'mail',
  async deliver(trx, _tell, deliveries) {
    await queueMails(
      trx,
      deliveries
        .filter(({ alert }) => !alert.is_mail_off && alert.is_email_verified)
        .map(({ alert, phones }) => ({
          to: alert.email,
          userId: alert.user_id,
          data: {
            template: 'alert-matches' as const,
            alertId: alert.id,
            sentence: alertSentence(alert),
            phones: phones.map((phone) => ({ text: phoneWords(phone), link: paths.product(phone.productId) })),
          },
        })),
    );
  },
};

export const ALERT_CHANNELS: readonly AlertChannel[] = [bellChannel, mailChannel];
