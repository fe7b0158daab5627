import {
  GOOGLE_MESSAGE_SOURCE,
  GOOGLE_NOT_SET_UP_ID,
  type GoogleSignInMode,
  type GoogleSignInOutcome,
  type ProvidersResponse,
} from '#shared/google';
import { API_BASE, api } from '#client/api/http';

const POPUP_NAME = 'phonehaat-google';
const POPUP_WIDTH = 500;
const POPUP_HEIGHT = 600;
const POPUP_POLL_MS = 500;
export const GOOGLE_WINDOW_CLOSED = 'The Google sign-in window was closed';

const startUrl = (mode: GoogleSignInMode, popup: boolean) =>
  `${API_BASE}/auth/google?${new URLSearchParams({ mode, popup: popup ? '1' : '0' })}`;

/** Centred over the current window, the way sign-in popups usually open. */
function popupFeatures(): string {
  const left = Math.max(0, window.screenX + (window.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2);
  return `popup,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${Math.round(left)},top=${Math.round(top)}`;
}

const isOutcome = (data: unknown): data is GoogleSignInOutcome =>
  typeof data === 'object' && data !== null && (data as { source?: unknown }).source === GOOGLE_MESSAGE_SOURCE;

/**
 * Signs in with Google in a 500x600 popup. Resolves once the server's callback page reports success
 * to this window (the session cookie is then set; the caller reads the account and its token).
 * Rejects with the server's sentence when the sign-in was refused, or when the user closes the window.
 */
export async function signInWithGoogle(mode: GoogleSignInMode): Promise<void> {
  const providers = await api<ProvidersResponse>('/auth/providers');
  if (!providers.google) throw new Error(GOOGLE_NOT_SET_UP_ID);

  const popup = window.open(startUrl(mode, true), POPUP_NAME, popupFeatures());
  if (!popup) {
    // Pop-ups blocked: sign in in this tab instead. The server sends the browser back to '/' (or to
    // this page with ?google_error=...), so this page is going away and the promise never settles.
    window.location.assign(startUrl(mode, false));
    return new Promise<never>(() => {});
  }
  popup.focus();
  return outcomeFrom(popup);
}

function outcomeFrom(popup: Window): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const stop = () => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(closedCheck);
    };
    const onMessage = (event: MessageEvent<unknown>) => {
      if (event.origin !== window.location.origin || event.source !== popup || !isOutcome(event.data)) return;
      stop();
      if (event.data.ok) resolve();
      else reject(new Error(event.data.message));
    };
    // The result page posts its message and then closes itself: one more poll after seeing the window
    // closed lets that message, if any, arrive first.
    let seenClosed = false;
    const closedCheck = window.setInterval(() => {
      if (!popup.closed) return;
      if (!seenClosed) {
        seenClosed = true;
        return;
      }
      stop();
      reject(new Error(GOOGLE_WINDOW_CLOSED));
    }, POPUP_POLL_MS);
    window.addEventListener('message', onMessage);
  });
}
