import { isMailedKind, MAILED_NOTIFICATION_KINDS } from '#shared/account';
import { PRODUCT_NAME } from '#shared/messages';
import { paths } from '#shared/paths';
import {
  ENGLISH,
  write,
  writeSearch,
  type Language,
  type LocalText,
  type SearchText,
  type ServerMessageId,
} from '#server/i18n/texts';

/*
 * What each mail says. A mail is rendered when it is sent, not when it is queued: its links are
 * absolute (PUBLIC_URL) and its unsubscribe link is signed, and both belong to the sending server.
 * Every mail has a plain-text body and the same in simple HTML, in its recipient's language as it is
 * when the mail is sent (./locales, docs/email.md).
 */

export const VERIFY_EMAIL_HOURS = 24;
export const RESET_PASSWORD_MINUTES = 30;

export type MailData =
  | { template: 'verify-email'; token: string }
  | { template: 'reset-password'; token: string }
  | { template: 'notification'; kind: string; message: LocalText | string; link: string }
  /** A moderator's decision (src/server/moderation/notify.ts): always sent, no unsubscribe. */
  | { template: 'moderation'; kind: string; message: LocalText | string; link: string; appealLogId?: string }
  | {
      template: 'alert-matches';
      alertId: string;
      /** A plain string in mails queued before the sentence followed the recipient's language. */
      sentence: SearchText | string;
      phones: Array<{ text: LocalText | string; link: string }>;
    };

interface RenderContext {
  publicUrl: string;
  /** The recipient's language; English when the mail has no account (or in older callers). */
  language?: Language;
  /** The signed unsubscribe link for a notification kind of the mail's account. */
  unsubscribeUrl?: (kind: string) => Promise<string>;
  /** The signed appeal link of a decision about the mail's account (a suspension: no sign-in). */
  appealUrl?: (logId: string) => Promise<string>;
}

interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** The link the mail is about, printed in the log when mail goes to files. */
  link: string;
  /** Headers such as List-Unsubscribe. */
  headers: Record<string, string>;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(say: Say, paragraphs: string[], action: { label: string; url: string }, footer: string[] = []) {
  const text = [...paragraphs, `${action.label}: ${action.url}`, ...footer].join('\n\n') + `\n\n— ${PRODUCT_NAME}\n`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 16px;background:#0d9488;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(action.label)}</a></p>
<p style="font-size:12px;color:#6b7280">${escapeHtml(say('server.mail.orOpen', { url: action.url }))}</p>
${footer.map((p) => `<p style="font-size:12px;color:#6b7280">${escapeHtml(p)}</p>`).join('\n')}
<p>— ${PRODUCT_NAME}</p>
</body></html>
`;
  return { text, html };
}

/**
 * What a notification's mail is titled, by kind (`server.mail.notification.<kind>`, one for each
 * mailed kind). Never the notification's sentence: that carries what people typed (a name, a
 * meeting place, a reason), and a subject is what a mail program shows before anything else, from
 * the site's own address.
 */
const NOTIFICATION_SUBJECTS = new Set<string>(MAILED_NOTIFICATION_KINDS);

/** What a moderation mail is titled, by notification kind (`server.mail.moderation.<kind>`). */
const MODERATION_SUBJECTS = new Set(['moderation_action', 'report_reviewed', 'appeal_decided']);

const subjectOf = (group: 'notification' | 'moderation', kind: string, known: Set<string>) =>
  `server.mail.${group}.${known.has(kind) ? kind : 'other'}` as ServerMessageId;

/** An address written out (a scheme, `www.`, or a host on a common top-level domain, with or without a path). */
const TYPED_LINK =
  /\b(?:[a-z][a-z0-9+.-]*:\/\/\S+|www\.\S+|(?:[a-z0-9-]+\.)+(?:com|net|org|info|biz|xyz|top|site|online|click|link|live|shop|app|io|me|ly|co|cc|tk|ru|cn|bd|gl|gd|to|in|us|uk)\b(?:\/\S*)?)/gi;

/**
 * The sentence of a notification as its mail says it: a link someone typed into it is left out,
 * so the site's own mail never carries a stranger's link (a phishing page given as the meeting place).
 */
export const withoutTypedLinks = (text: string, language: Language = ENGLISH) =>
  text.replace(TYPED_LINK, write(language, { id: 'server.mail.linkRemoved' }));

/** A catalog text in the mail's language. */
type Say = (id: ServerMessageId, values?: LocalText['values']) => string;

const absolute = (publicUrl: string, path: string) => new URL(path, `${publicUrl}/`).toString();

/** An account mail whose one action is a page of the site that takes the mail's token (verify, reset). */
function tokenLinkMail(
  say: Say,
  publicUrl: string,
  path: string,
  token: string,
  texts: { subject: ServerMessageId; paragraphs: string[]; action: ServerMessageId },
): RenderedMail {
  const link = absolute(publicUrl, `${path}?token=${encodeURIComponent(token)}`);
  return {
    subject: say(texts.subject),
    link,
    headers: {},
    ...layout(say, texts.paragraphs, { label: say(texts.action), url: link }),
  };
}

export async function renderMail(data: MailData, context: RenderContext): Promise<RenderedMail> {
  const language = context.language ?? ENGLISH;
  const say: Say = (id, values) => write(language, { id, ...(values ? { values } : {}) });
  /** A notification's sentence in the recipient's language, without links people typed into it. */
  const sentence = (message: LocalText | string) => withoutTypedLinks(write(language, message), language);
  switch (data.template) {
    case 'verify-email':
      return tokenLinkMail(say, context.publicUrl, paths.verifyEmail, data.token, {
        subject: 'server.mail.verify.subject',
        paragraphs: [say('server.mail.verify.welcome'), say('server.mail.verify.once', { hours: VERIFY_EMAIL_HOURS })],
        action: 'server.mail.verify.action',
      });
    case 'reset-password':
      return tokenLinkMail(say, context.publicUrl, paths.resetPassword, data.token, {
        subject: 'server.mail.reset.subject',
        paragraphs: [
          say('server.mail.reset.asked'),
          say('server.mail.reset.once', { minutes: RESET_PASSWORD_MINUTES }),
        ],
        action: 'server.mail.reset.action',
      });
    case 'moderation': {
      // A suspended account cannot sign in, so its mail's one action is the signed appeal link.
      const appeal = data.appealLogId && context.appealUrl ? await context.appealUrl(data.appealLogId) : undefined;
      const link = appeal ?? absolute(context.publicUrl, data.link);
      return {
        subject: say('server.mail.subject', { what: say(subjectOf('moderation', data.kind, MODERATION_SUBJECTS)) }),
        link,
        headers: {},
        ...layout(
          say,
          [sentence(data.message)],
          { label: say(appeal ? 'server.mail.moderation.appeal' : 'server.mail.openSite'), url: link },
          appeal ? [say('server.mail.moderation.appealNote')] : [],
        ),
      };
    }
    case 'notification': {
      const link = absolute(context.publicUrl, data.link);
      const unsubscribe = context.unsubscribeUrl ? await context.unsubscribeUrl(data.kind) : undefined;
      const what = say(
        isMailedKind(data.kind)
          ? (`shared.account.mailKind.${data.kind}` as ServerMessageId)
          : 'server.mail.notification.whyOther',
      );
      return {
        subject: say('server.mail.subject', { what: say(subjectOf('notification', data.kind, NOTIFICATION_SUBJECTS)) }),
        link,
        headers: unsubscribe ? { 'List-Unsubscribe': `<${unsubscribe}>` } : {},
        ...layout(
          say,
          [sentence(data.message)],
          { label: say('server.mail.openSite'), url: link },
          unsubscribe
            ? [
                say('server.mail.notification.why', { what }),
                say('server.mail.notification.stop', { url: unsubscribe }),
              ]
            : [],
        ),
      };
    }
    case 'alert-matches':
      return renderAlertMail(data, context, say, language);
  }
}

/** Phones a saved search found; its unsubscribe link stops the mail of that one alert. */
async function renderAlertMail(
  data: Extract<MailData, { template: 'alert-matches' }>,
  context: RenderContext,
  say: Say,
  language: Language,
): Promise<RenderedMail> {
  const link = absolute(context.publicUrl, paths.myAlerts);
  const unsubscribe = context.unsubscribeUrl ? await context.unsubscribeUrl(`alert:${data.alertId}`) : undefined;
  return {
    subject: say('server.mail.alert.subject'),
    link,
    headers: unsubscribe ? { 'List-Unsubscribe': `<${unsubscribe}>` } : {},
    ...layout(
      say,
      [
        say('server.mail.alert.matches', {
          count: data.phones.length,
          sentence: withoutTypedLinks(
            typeof data.sentence === 'string' ? data.sentence : writeSearch(language, data.sentence),
            language,
          ),
        }),
        ...data.phones.map(
          (phone) =>
            `${withoutTypedLinks(write(language, phone.text), language)}: ${absolute(context.publicUrl, phone.link)}`,
        ),
      ],
      { label: say('server.mail.alert.action'), url: link },
      unsubscribe ? [say('server.mail.alert.stop', { url: unsubscribe })] : [],
    ),
  };
}
