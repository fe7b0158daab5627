import type { MailLane } from '#server/db/schema';
import type { LimitRule } from '#server/limits/counters';
import type { MailData } from './templates';

const HOUR = 60 * 60 * 1000;

/**
 * Mail one address may be sent of one kind, whatever accounts or people cause it: a sign-up
 * deleted and made again, or a booking made and cancelled in a loop, must not turn the site into a
 * mailer aimed at someone. Past it, account mail is refused with a 429 (the person asking is told),
 * and a notification is still shown on the site, without its mail.
 */
export const MAIL_LIMITS = {
  'verify-email': { max: 5, windowMs: 24 * HOUR },
  'reset-password': { max: 5, windowMs: 24 * HOUR },
  /** Each kind of notification (a new request, an answer, ...) on its own. */
  notification: { max: 10, windowMs: HOUR },
} as const satisfies Record<MailData['template'], LimitRule>;

/** The kind a mail is counted under for its recipient: its template, or its notification's kind. */
export const mailKindOf = (data: MailData): string => (data.template === 'notification' ? data.kind : data.template);

/** Account mail (a link someone is waiting for) goes in its own lane, ahead of the deal's notifications. */
export const laneOf = (data: MailData): MailLane => (data.template === 'notification' ? 'deal' : 'account');
