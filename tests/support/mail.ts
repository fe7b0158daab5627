import type { FastifyInstance } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { fileTransport, mailDirOf } from '#server/mail/transport';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { queueNotificationMail } from '#server/mail/notifications';
import { deliverDueMail } from '#server/mail/worker';
import { recipientsOf } from '#server/notifications/repository';
import { findMail, tokenOfLink, VERIFY_SUBJECT } from './mail-folder';

export { RESET_SUBJECT, tokenOfLink, VERIFY_SUBJECT, verifyThroughMailFolder } from './mail-folder';

/*
 * Mail in API tests. Test apps run no worker of their own: a test runs rounds of the real one.
 * Here they go to the file transport (the server's default without SMTP_URL), and the mail is read
 * back from its .eml file as a mail program would; tests/mail-outbox.test.ts sends over real SMTP.
 */

/** One round of the outbox worker into DATA_DIR/mail, as the server does without SMTP_URL. */
export async function deliverToFiles(app: FastifyInstance): Promise<void> {
  const transport = fileTransport(mailDirOf(app.deps.config.DATA_DIR));
  try {
    await deliverDueMail(app.deps, transport, app.log);
  } finally {
    transport.close();
  }
}

/** A notification's mail as withNotifications queues it, its recipient read for it; answers whether it was queued. */
export async function queueMailOf(trx: Kysely<Database>, notification: Parameters<typeof queueNotificationMail>[1]) {
  const recipient = (await recipientsOf(trx, [notification.userId])).get(notification.userId);
  return queueNotificationMail(trx, notification, recipient);
}

/**
 * The newest mail to `address` whose subject matches, delivering due mail until it is there (a
 * round of another caller may be sending it right now). `skip` names files already read.
 */
export async function mailTo(
  app: FastifyInstance,
  address: string,
  subject: RegExp,
  skip: Set<string> = new Set(),
): Promise<ParsedMail & { file: string }> {
  const dir = mailDirOf(app.deps.config.DATA_DIR);
  for (let attempt = 0; attempt < 50; attempt++) {
    await deliverToFiles(app);
    const mail = await findMail(dir, address, subject, skip);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${address} with a subject like ${subject}`);
}

/** Opens the verification mail sent to `address` and uses its link, as its owner would. */
export async function verifyByMail(app: FastifyInstance, address: string): Promise<void> {
  const mail = await mailTo(app, address, VERIFY_SUBJECT);
  const token = tokenOfLink(mail, '/verify-email');
  const response = await app.inject({ method: 'POST', url: '/api/account/verify-email', payload: { token } });
  if (response.statusCode !== 200) throw new Error(`verify-email failed: ${response.statusCode} ${response.body}`);
}
