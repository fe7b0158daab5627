import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import { jsonForScript } from '#shared/json-in-html';

/**
 * What a page rendered on the server hands to the browser, so its first render there is the very
 * markup it received: the queries the page was rendered from and the router's loader results. It
 * travels in a JSON `<script>` (a data block, which the Content-Security-Policy lets through).
 */
export interface ServerState {
  queries: DehydratedState;
  router: HydrationState;
}

export const SERVER_STATE_ID = 'server-state';

/** The state as it sits in the page. */
export const serverStateScript = (state: ServerState): string =>
  `<script type="application/json" id="${SERVER_STATE_ID}">${jsonForScript(state)}</script>`;

/** The state of a page rendered on the server, or undefined for the plain page (rendered here). */
export function readServerState(): ServerState | undefined {
  const script = document.getElementById(SERVER_STATE_ID);
  return script?.textContent ? (JSON.parse(script.textContent) as ServerState) : undefined;
}
