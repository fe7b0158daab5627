import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Config } from '#server/config';

/** A mail ready to go: rendered, addressed, with a Message-ID made from its outbox id. */
interface OutgoingMail {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** For the log of the file transport: the link the mail is about. */
  link: string;
}

export interface MailTransport {
  /** Resolves once the mail is accepted (by the SMTP server, or written to its file); rejects otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const messageOf = (mail: OutgoingMail) => ({
  from: mail.from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  headers: mail.headers,
  // The same id on every attempt of one outbox row, so a receiver can tell a repeat from a new mail.
  messageId: `<${mail.id}@phonehaat.mail>`,
});

/**
 * nodemailer, loaded at the first mail: about 3 MB of heap (and the code compiled for it) that a
 * process sending none does not hold.
 */
const mailer = async () => (await import('nodemailer')).default;

/** Over SMTP with nodemailer; timeouts short enough that a send always ends before its lease does. */
function smtpTransport(url: string): MailTransport {
  const open = async () =>
    (await mailer()).createTransport({
      url,
      connectionTimeout: 20_000,
      greetingTimeout: 20_000,
      socketTimeout: 60_000,
    });
  let transporter: ReturnType<typeof open> | undefined;
  return {
    async send(mail) {
      await (await (transporter ??= open())).sendMail(messageOf(mail));
    },
    close: () => void transporter?.then((opened) => opened.close()),
  };
}

/** A name safe on every file system that still shows whom the mail is for. */
const fileNameOf = (mail: OutgoingMail) =>
  `${new Date().toISOString().replace(/[:.]/g, '-')}_${mail.to.replace(/[^A-Za-z0-9@._+-]/g, '_')}_${mail.id}.eml`;

/**
 * Without SMTP_URL: each mail becomes an .eml file (open it with any mail program) under `dir`, and
 * `log` is told its subject and link, so someone running the server locally can follow the link.
 */
export function fileTransport(
  dir: string,
  log?: (line: { to: string; subject: string; link: string; file: string }) => void,
): MailTransport {
  const open = async () => (await mailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let composer: ReturnType<typeof open> | undefined;
  return {
    async send(mail) {
      const info = await (await (composer ??= open())).sendMail(messageOf(mail));
      await mkdir(dir, { recursive: true });
      const file = join(dir, fileNameOf(mail));
      // Written under another name first, so whoever watches the folder never reads half a mail.
      await writeFile(`${file}.part`, info.message as Buffer);
      await rename(`${file}.part`, file);
      log?.({ to: mail.to, subject: mail.subject, link: mail.link, file });
    },
    close: () => void composer?.then((opened) => opened.close()),
  };
}

export const mailDirOf = (dataDir: string) => join(resolve(dataDir), 'mail');

/** The transport the configuration asks for. */
export function transportFor(
  config: Pick<Config, 'SMTP_URL' | 'DATA_DIR'>,
  log?: (line: { to: string; subject: string; link: string; file: string }) => void,
): MailTransport {
  return config.SMTP_URL ? smtpTransport(config.SMTP_URL) : fileTransport(mailDirOf(config.DATA_DIR), log);
}
