import { isMailedKind, mailedKindLabels } from '#shared/account';
import { PRODUCT_NAME } from '#shared/messages';
import { paths } from '#shared/paths';

/*
 * What each mail says. A mail is rendered when it is sent, not when it is queued: its links are
 * absolute (PUBLIC_URL) and its unsubscribe link is signed, and both belong to the sending server.
 * Every mail has a plain-text body and the same in simple HTML.
 */

export const VERIFY_EMAIL_HOURS = 24;
export const RESET_PASSWORD_MINUTES = 30;

export type MailData =
  | { template: 'verify-email'; token: string }
  | { template: 'reset-password'; token: string }
  | { template: 'notification'; kind: string; message: string; link: string }
  /** A moderator's decision (src/server/moderation/notify.ts): always sent, no unsubscribe. */
  | { template: 'moderation'; kind: string; message: string; link: string; appealLogId?: string }
  | { template: 'alert-matches'; alertId: string; sentence: string; phones: Array<{ text: string; link: string }> };

interface RenderContext {
  publicUrl: string;
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

function layout(paragraphs: string[], action: { label: string; url: string }, footer: string[] = []) {
  const text = [...paragraphs, `${action.label}: ${action.url}`, ...footer].join('\n\n') + `\n\n— ${PRODUCT_NAME}\n`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 16px;background:#0d9488;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(action.label)}</a></p>
<p style="font-size:12px;color:#6b7280">Or open this address: ${escapeHtml(action.url)}</p>
${footer.map((p) => `<p style="font-size:12px;color:#6b7280">${escapeHtml(p)}</p>`).join('\n')}
<p>— ${PRODUCT_NAME}</p>
</body></html>
`;
  return { text, html };
}

/**
 * What a notification's mail is titled, by kind. Never the notification's sentence: that carries
 * what people typed (a name, a meeting place, a reason), and a subject is what a mail program shows
 * before anything else, from the site's own address.
 */
const NOTIFICATION_SUBJECTS: Record<string, string> = {
  booking_requested: 'a buyer asks to book your phone',
  booking_accepted: 'your booking is accepted',
  booking_declined: 'your booking is declined',
  booking_sold: 'the phone is sold to you',
  chat_message: 'a message is waiting for you',
  review_open: 'review your deal',
  review_published: 'a review of you is published',
};

export const APPEAL_LINK_NOTE =
  'The appeal link works without signing in, for one appeal within 6 months. Keep this mail to yourself: the link speaks for your account.';

/** What a moderation mail is titled, by notification kind. */
const MODERATION_SUBJECTS: Record<string, string> = {
  moderation_action: 'a moderator acted on your account',
  report_reviewed: 'your report was reviewed',
  appeal_decided: 'your appeal was decided',
};

/** An address written out (a scheme, `www.`, or a host on a common top-level domain, with or without a path). */
const TYPED_LINK =
  /\b(?:[a-z][a-z0-9+.-]*:\/\/\S+|www\.\S+|(?:[a-z0-9-]+\.)+(?:com|net|org|info|biz|xyz|top|site|online|click|link|live|shop|app|io|me|ly|co|cc|tk|ru|cn|bd|gl|gd|to|in|us|uk)\b(?:\/\S*)?)/gi;

/**
 * The sentence of a notification as its mail says it: a link someone typed into it is left out,
 * so the site's own mail never carries a stranger's link (a phishing page given as the meeting place).
 */
export const withoutTypedLinks = (text: string) => text.replace(TYPED_LINK, '[link removed]');

const absolute = (publicUrl: string, path: string) => new URL(path, `${publicUrl}/`).toString();

export async function renderMail(data: MailData, context: RenderContext): Promise<RenderedMail> {
  switch (data.template) {
    case 'verify-email': {
      const link = absolute(context.publicUrl, `${paths.verifyEmail}?token=${encodeURIComponent(data.token)}`);
      return {
        subject: `Verify your email address for ${PRODUCT_NAME}`,
        link,
        headers: {},
        ...layout(
          [
            `Welcome to ${PRODUCT_NAME}! Please confirm that this address is yours.`,
            `The link works once, for ${VERIFY_EMAIL_HOURS} hours. If you did not sign up, ignore this mail.`,
          ],
          { label: 'Verify my email', url: link },
        ),
      };
    }
    case 'reset-password': {
      const link = absolute(context.publicUrl, `${paths.resetPassword}?token=${encodeURIComponent(data.token)}`);
      return {
        subject: `Choose a new ${PRODUCT_NAME} password`,
        link,
        headers: {},
        ...layout(
          [
            'Someone, hopefully you, asked to reset the password of your account.',
            `The link works once, for ${RESET_PASSWORD_MINUTES} minutes, and signs you out everywhere. If you did not ask, ignore this mail: your password stays as it is.`,
          ],
          { label: 'Choose a new password', url: link },
        ),
      };
    }
    case 'moderation': {
      // A suspended account cannot sign in, so its mail's one action is the signed appeal link.
      const appeal = data.appealLogId && context.appealUrl ? await context.appealUrl(data.appealLogId) : undefined;
      const link = appeal ?? absolute(context.publicUrl, data.link);
      return {
        subject: `${PRODUCT_NAME}: ${MODERATION_SUBJECTS[data.kind] ?? 'a moderator looked at your account'}`,
        link,
        headers: {},
        ...layout(
          [withoutTypedLinks(data.message)],
          { label: appeal ? 'Appeal this decision' : 'Open PhoneHaat', url: link },
          appeal ? [APPEAL_LINK_NOTE] : [],
        ),
      };
    }
    case 'notification': {
      const link = absolute(context.publicUrl, data.link);
      const unsubscribe = context.unsubscribeUrl ? await context.unsubscribeUrl(data.kind) : undefined;
      const what = isMailedKind(data.kind) ? mailedKindLabels[data.kind] : 'News about your deals';
      return {
        subject: `${PRODUCT_NAME}: ${NOTIFICATION_SUBJECTS[data.kind] ?? 'news about your deals'}`,
        link,
        headers: unsubscribe ? { 'List-Unsubscribe': `<${unsubscribe}>` } : {},
        ...layout(
          [withoutTypedLinks(data.message)],
          { label: 'Open PhoneHaat', url: link },
          unsubscribe
            ? [
                `You get this mail because "${what}" is on in your account settings.`,
                `Stop these mails: ${unsubscribe}`,
              ]
            : [],
        ),
      };
    }
    case 'alert-matches':
      return renderAlertMail(data, context);
  }
}

/** Phones a saved search found; its unsubscribe link stops the mail of that one alert. */
async function renderAlertMail(
  data: Extract<MailData, { template: 'alert-matches' }>,
  context: RenderContext,
): Promise<RenderedMail> {
  const link = absolute(context.publicUrl, paths.myAlerts);
  const unsubscribe = context.unsubscribeUrl ? await context.unsubscribeUrl(`alert:${data.alertId}`) : undefined;
  const count = data.phones.length === 1 ? 'A phone matches' : `${data.phones.length} phones match`;
  return {
    subject: `${PRODUCT_NAME}: new phones for your saved search`,
    link,
    headers: unsubscribe ? { 'List-Unsubscribe': `<${unsubscribe}>` } : {},
    ...layout(
      [
        `${count} your alert "${withoutTypedLinks(data.sentence)}":`,
        ...data.phones.map((phone) => `${withoutTypedLinks(phone.text)}: ${absolute(context.publicUrl, phone.link)}`),
      ],
      { label: 'See my alerts', url: link },
      unsubscribe ? [`Stop the mails of this alert: ${unsubscribe}`] : [],
    ),
  };
}
