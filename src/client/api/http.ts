import type { ApiErrorBody, DeleteResult } from '#shared/common';
import { isCallerError, type ErrorCode } from '#shared/errors';

/** The API's base, `/api` unless the build sets VITE_API_BASE. */
export const API_BASE = (import.meta.env.VITE_API_BASE as string | undefined)?.replace(/\/$/, '') ?? '/api';

export const ACCESS_TOKEN_KEY = 'accessToken';

/** An API refusal, with the server's message and, for a form, its per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's code, or what went wrong on the way: no network, no answer in time, an answer not ours. */
    readonly code: ErrorCode | 'NETWORK' | 'TIMEOUT' | 'UNKNOWN',
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON body; FormData is sent as multipart. */
  body?: unknown;
  /** Send `Authorization: bearer <accessToken>` from local storage, as the spec's admin, seller and buyer calls do. */
  auth?: boolean;
  signal?: AbortSignal;
}

export interface ApiPage<T> {
  items: T;
  total: number | null;
  next: string | null;
}

// The spec's network timeout (section 9), for the whole call, the answer's body included.
const TIMEOUT_MS = 30_000;

const NETWORK_MESSAGE = 'Cannot reach PhoneHaat. Check your internet connection and try again.';

/** How requests go out: the browser's fetch, or on the server, the app's own answers (see sendApiRequestsWith). */
let transport: typeof fetch = (input, init) => fetch(input, init);

/**
 * Sends every API request through `fetchApi` instead of the network: the server renders a page with
 * the same queries the browser runs (src/client/render/entry.tsx), answered by the app itself.
 */
export function sendApiRequestsWith(fetchApi: typeof fetch): void {
  transport = fetchApi;
}

async function send(
  path: string,
  { method = 'GET', body, auth = false }: ApiRequest,
  signal: AbortSignal,
): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = auth ? localStorage.getItem(ACCESS_TOKEN_KEY) : null;
  if (token) headers.authorization = `bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await transport(API_BASE + path, { method, headers, body: payload, credentials: 'same-origin', signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError(0, NETWORK_MESSAGE, 'NETWORK');
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** Runs `call` with the caller's signal joined by the timeout; a timeout becomes an ApiError. */
async function withTimeout<T>({ signal }: ApiRequest, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  try {
    return await call(signal ? AbortSignal.any([signal, timeout]) : timeout);
  } catch (error) {
    // The caller's own cancellation stays an AbortError: TanStack Query expects that one.
    if (timeout.aborted && !signal?.aborted) {
      throw new ApiError(0, 'PhoneHaat took too long to answer. Please try again.', 'TIMEOUT');
    }
    throw error;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as Partial<ApiErrorBody> | null;
  return new ApiError(
    response.status,
    body?.message ?? `Something went wrong (${response.status}). Please try again.`,
    body?.code ?? 'UNKNOWN',
    body?.fields ?? {},
  );
}

/** Calls the API and answers its JSON (or undefined for 204). */
export function api<T>(path: string, request: ApiRequest = {}): Promise<T> {
  return withTimeout(request, async (signal) => {
    const response = await send(path, request, signal);
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  });
}

/** For the paged lists: the plain array plus what `X-Total-Count` and `Link` say. */
export function apiPage<T>(path: string, request: ApiRequest = {}): Promise<ApiPage<T>> {
  return withTimeout(request, async (signal) => {
    const response = await send(path, request, signal);
    const total = response.headers.get('x-total-count');
    const next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1] ?? null;
    return { items: (await response.json()) as T, total: total === null ? null : Number(total), next };
  });
}

/**
 * A signed-in DELETE. The server answers 404 for a record that is no longer there, most likely
 * deleted by someone else first: that deleted nothing, which is what a deletedCount of 0 says.
 */
export async function apiDelete(path: string): Promise<DeleteResult> {
  try {
    return await api<DeleteResult>(path, { method: 'DELETE', auth: true });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'NOT_FOUND') return { acknowledged: true, deletedCount: 0 };
    throw error;
  }
}

export const enc = encodeURIComponent;

/** A refusal (4xx) will not change on a second try; no network, a timeout or a server failure may. */
export function isWorthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.code === 'NETWORK' || error.code === 'TIMEOUT' || error.code === 'UNKNOWN' || !isCallerError(error.code);
}
