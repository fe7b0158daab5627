import { createHash } from 'node:crypto';
import type { GoogleSignInOutcome } from '#shared/google';
import { localText, write, type Language, type ServerMessageId } from '#server/i18n/texts';

interface PageData {
  outcome: GoogleSignInOutcome;
  /** postMessage goes to this exact origin only, so no other site can read the outcome. */
  origin: string;
  /** Where the window goes when nothing opened it (a full-page sign-in, or the opener got lost). */
  next: string;
}

// The same script for every outcome (it reads its data from the JSON block), so the CSP can name it by hash.
const SCRIPT = `const data = JSON.parse(document.getElementById('google-sign-in').textContent);
if (window.opener) {
  window.opener.postMessage(data.outcome, data.origin);
  window.close();
} else {
  window.location.replace(data.next);
}`;

const SCRIPT_HASH = createHash('sha256').update(SCRIPT).digest('base64');

export const RESULT_PAGE_CSP = [
  "default-src 'none'",
  `script-src 'sha256-${SCRIPT_HASH}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** JSON that cannot end the script element it sits in. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The small page the sign-in window ends on: the outcome in words, and the script that reports it. */
export function resultPage(data: PageData, language: Language): string {
  const say = (id: ServerMessageId) => escapeHtml(write(language, localText(id)));
  const heading = say(data.outcome.ok ? 'server.auth.google.signedIn' : 'server.auth.google.failed');
  return `<!doctype html>
<html lang="${language.locale}">
<head>
<meta charset="utf-8">
<title>${say('server.auth.google.title')}</title>
</head>
<body>
<main>
<h1>${heading}</h1>
<p role="status">${escapeHtml(data.outcome.message)}</p>
<p><a href="${escapeHtml(data.next)}">${say('server.auth.google.continue')}</a></p>
</main>
<script type="application/json" id="google-sign-in">${scriptSafeJson(data)}</script>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
