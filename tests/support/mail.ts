import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import { fileTransport, mailDirOf } from '../../src/server/mail/transport';
import { deliverDueMail } from '../../src/server/mail/worker';

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

const fileKey = (address: string) => `_${address.toLowerCase().replace(/[^A-Za-z0-9@._+-]/g, '_')}_`;

/**
 * The newest mail to `address` whose subject matches, delivering due mail until it is there (a
 * round of another test's caller may be sending it right now). `skip` names files already read.
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
    const names = (await readdir(dir).catch(() => [] as string[]))
      .filter((name) => name.endsWith('.eml') && name.includes(fileKey(address)) && !skip.has(name))
      .sort()
      .reverse();
    for (const name of names) {
      const parsed = await simpleParser(await readFile(join(dir, name)));
      if (subject.test(parsed.subject ?? '')) {
        skip.add(name);
        return Object.assign(parsed, { file: name });
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${address} with a subject like ${subject}`);
}

/** The token of the first link in the mail's text that opens `path` (e.g. /verify-email). */
export function tokenOfLink(mail: Pick<ParsedMail, 'text'>, path: string): string {
  const match = new RegExp(`https?://[^\\s]+${path}\\?token=([^\\s]+)`).exec(mail.text ?? '');
  if (!match?.[1]) throw new Error(`no ${path} link in the mail:\n${mail.text}`);
  return decodeURIComponent(match[1]);
}

export const VERIFY_SUBJECT = /^Verify your email address/;
export const RESET_SUBJECT = /^Choose a new .* password/;

/** Opens the verification mail sent to `address` and uses its link, as its owner would. */
export async function verifyByMail(app: FastifyInstance, address: string): Promise<void> {
  const mail = await mailTo(app, address, VERIFY_SUBJECT);
  const token = tokenOfLink(mail, '/verify-email');
  const response = await app.inject({ method: 'POST', url: '/api/account/verify-email', payload: { token } });
  if (response.statusCode !== 200) throw new Error(`verify-email failed: ${response.statusCode} ${response.body}`);
}

/**
 * For a real server process (no test app at hand): waits for its mail worker to write the
 * verification mail to `address` under DATA_DIR/mail, and uses its link against `origin`.
 */
export async function verifyThroughMailFolder(origin: string, dataDir: string, address: string): Promise<void> {
  const dir = mailDirOf(dataDir);
  for (let attempt = 0; attempt < 300; attempt++) {
    const names = (await readdir(dir).catch(() => [] as string[])).filter(
      (name) => name.endsWith('.eml') && name.includes(fileKey(address)),
    );
    for (const name of names) {
      const mail = await simpleParser(await readFile(join(dir, name)));
      if (!VERIFY_SUBJECT.test(mail.subject ?? '')) continue;
      const response = await fetch(`${origin}/api/account/verify-email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: tokenOfLink(mail, '/verify-email') }),
      });
      if (!response.ok) throw new Error(`verify-email failed: ${response.status} ${await response.text()}`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no verification mail to ${address} in ${dir}`);
}
