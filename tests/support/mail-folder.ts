import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { timeLimit } from './time-limits';

/*
 * Reading the mail a server wrote as .eml files (its transport without SMTP_URL), as a mail program
 * would, and following the links in it. For API tests, browser tests and server-process tests alike:
 * this module needs nothing of the server.
 */

export const VERIFY_SUBJECT = /^Verify your email address/;
export const RESET_SUBJECT = /^Choose a new .* password/;

/** DATA_DIR/mail, as src/server/mail/transport.ts names it. */
export const mailFolderOf = (dataDir: string) => join(resolve(dataDir), 'mail');

/** The part of a mail file's name that names its recipient (see fileNameOf in the transport). */
const fileKey = (address: string) => `_${address.toLowerCase().replace(/[^A-Za-z0-9@._+-]/g, '_')}_`;

/** The newest mail to `address` in `dir` whose subject matches and whose file is not in `skip`, if any. */
export async function findMail(
  dir: string,
  address: string,
  subject: RegExp,
  skip: Set<string> = new Set(),
): Promise<(ParsedMail & { file: string }) | undefined> {
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
  return undefined;
}

/** Waits (polling) for the mail a running server's worker is about to write. */
export async function waitForMail(
  dir: string,
  address: string,
  subject: RegExp,
  skip: Set<string> = new Set(),
  timeoutMs = timeLimit(20_000),
): Promise<ParsedMail & { file: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = await findMail(dir, address, subject, skip);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} with a subject like ${subject} in ${dir}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** The first link in the mail's text that opens `path` (e.g. /verify-email), whole. */
export function linkIn(mail: Pick<ParsedMail, 'text'>, path: string): string {
  const match = new RegExp(`https?://[^\\s]+${path}\\?token=[^\\s]+`).exec(mail.text ?? '');
  if (!match) throw new Error(`no ${path} link in the mail:\n${mail.text}`);
  return match[0];
}

/** The token of that link. */
export const tokenOfLink = (mail: Pick<ParsedMail, 'text'>, path: string): string =>
  new URL(linkIn(mail, path)).searchParams.get('token') ?? '';

/**
 * For a real server process: waits for its mail worker to write the verification mail to
 * `address` under DATA_DIR/mail, and uses its link against `origin`.
 */
export async function verifyThroughMailFolder(origin: string, dataDir: string, address: string): Promise<void> {
  const mail = await waitForMail(mailFolderOf(dataDir), address, VERIFY_SUBJECT);
  const response = await fetch(`${origin}/api/account/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: tokenOfLink(mail, '/verify-email') }),
  });
  if (!response.ok) throw new Error(`verify-email failed: ${response.status} ${await response.text()}`);
}
