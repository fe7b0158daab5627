import { afterEach, expect, it, vi } from 'vitest';
import { ApiError, api, isWorthRetrying } from './http';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A server that never answers: the request ends only when its signal aborts. */
function stubSilentServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (_url: string, { signal }: RequestInit) =>
        new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason as Error))),
    ),
  );
}

/** Hands the client a timeout signal the test fires, instead of waiting 30 real seconds. */
function stubTimeout() {
  const timer = new AbortController();
  const timeout = vi.spyOn(AbortSignal, 'timeout').mockReturnValue(timer.signal);
  return { timeout, fire: () => timer.abort(new DOMException('The operation timed out.', 'TimeoutError')) };
}

it('a call the server does not answer within 30 s fails with a timeout message', async () => {
  stubSilentServer();
  const { timeout, fire } = stubTimeout();

  const call = api('/categoires');
  fire();
  const error = await call.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({
    status: 0,
    code: 'TIMEOUT',
    message: 'PhoneHaat took too long to answer. Please try again.',
  });
  expect(timeout).toHaveBeenCalledWith(30_000);
});

it("the caller's own cancellation stays an AbortError", async () => {
  stubSilentServer();
  stubTimeout();
  const caller = new AbortController();

  const call = api('/categoires', { signal: caller.signal });
  caller.abort();
  const error = await call.catch((caught: unknown) => caught);
  expect(error).not.toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ name: 'AbortError' });
});

it('retries what may go better a second time, never a refusal', () => {
  expect(isWorthRetrying(new ApiError(0, 'offline', 'NETWORK'))).toBe(true);
  expect(isWorthRetrying(new ApiError(0, 'slow', 'TIMEOUT'))).toBe(true);
  expect(isWorthRetrying(new ApiError(503, 'away', 'UNAVAILABLE'))).toBe(true);
  expect(isWorthRetrying(new ApiError(404, 'gone', 'NOT_FOUND'))).toBe(false);
  expect(isWorthRetrying(new ApiError(409, 'taken', 'ALREADY_EXISTS'))).toBe(false);
});
