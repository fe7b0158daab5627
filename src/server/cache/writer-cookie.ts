import type { Writer } from './public-cache';
import { compacted, EVERYTHING } from './tags';

/**
 * Read your own writes: a write's answer sets this cookie, naming when it was made and what it
 * changed, for a few seconds; the writer's requests then skip cached answers showing any of it that
 * were begun before, here or on a machine that has not heard of the write yet. It says nothing
 * private: tags name public things (a listing's id, a category), and the writer made the change.
 */
export const WRITER_COOKIE = 'phonehaat_wrote';

/**
 * Browsers keep 4,096 bytes a cookie; a longer list says less (see writerCookie). Counted as the
 * cookie is sent, percent-encoded: a Bangla search word's letter is nine characters there.
 */
const MAX_VALUE = 2000;

export function writerCookie(at: number, changed: ReadonlySet<string>): string {
  if (changed.has(EVERYTHING)) return `${at}~${EVERYTHING}`;
  // A listing names many searches (its words): every search, rather than everything, when too long.
  const value = [changed, compacted(changed)]
    .map((named) => `${at}~${[...named].join('~')}`)
    .find((text) => encodeURIComponent(text).length <= MAX_VALUE);
  return value ?? `${at}~${EVERYTHING}`;
}

/** The writer a cookie names; undefined for none, or one this version cannot read. */
export function readWriterCookie(value: string | undefined): Writer | undefined {
  if (!value) return undefined;
  const [at, ...changed] = value.split('~');
  const time = Number(at);
  if (!Number.isFinite(time) || changed.length === 0) return undefined;
  return { at: time, tags: new Set(changed) };
}
