import { readdirSync, readFileSync } from 'node:fs';
import { verify } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { MOST_WAITING, verifyOffLoop } from './argon2-thread';
import { belowCost, checkPassword, hashPassword } from './passwords';

/** Each thread of this process's nice (the 19th field of /proc/self/task/<tid>/stat), by thread id. */
const nices = () =>
  readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return { tid: Number(tid), nice: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) };
  });

describe('passwords hashed on a thread of their own', () => {
  it('hashes and checks as the library does', async () => {
    const [one, two] = await Promise.all([hashPassword('a long enough password'), hashPassword('another password')]);
    expect(one).toMatch(/^\$argon2id\$/);
    expect(await verify(one, 'a long enough password')).toBe(true);
    expect(await checkPassword(one, 'a long enough password')).toBe(true);
    expect(await checkPassword(two, 'another password')).toBe(true);
    expect(await checkPassword(one, 'another password')).toBe(false);
    // A stored hash that is not one (a damaged row) is a wrong password, not a failure.
    expect(await checkPassword('not a hash', 'a long enough password')).toBe(false);
    expect(await checkPassword(null, 'a long enough password')).toBe(false);
  });

  it('hashes at the cost asked, and checks a password at either cost', async () => {
    const [owasp, test] = await Promise.all([
      hashPassword('a long enough password', 'owasp'),
      hashPassword('a long enough password', 'test'),
    ]);
    expect(owasp).toContain('$m=19456,t=2,p=1$');
    expect(test).toContain('$m=8,t=1,p=1$');
    for (const stored of [owasp, test]) {
      expect(await checkPassword(stored, 'a long enough password')).toBe(true);
      expect(await checkPassword(stored, 'another password')).toBe(false);
    }
  });

  it('finds a hash below the current cost by its memory and passes, and none at or above it', () => {
    const hash = (memory: number, passes: number) =>
      `$argon2id$v=19$m=${memory},t=${passes},p=1$c2FsdHNhbHQ$aGFzaGhhc2g`;
    expect(belowCost(hash(8, 1), 'owasp')).toBe(true);
    expect(belowCost(hash(19_456, 1), 'owasp')).toBe(true);
    expect(belowCost(hash(8, 2), 'owasp')).toBe(true);
    expect(belowCost(hash(19_456, 2), 'owasp')).toBe(false);
    expect(belowCost(hash(65_536, 3), 'owasp')).toBe(false);
    expect(belowCost(hash(19_456, 2), 'test')).toBe(false);
    expect(belowCost(hash(8, 1), 'test')).toBe(false);
    // Parameters it cannot read (another variant, say): the hash checked, so it is made again as ours.
    expect(belowCost('$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g', 'owasp')).toBe(true);
  });

  it.runIf(process.platform === 'linux')('runs below the event loop’s priority, and only that thread', async () => {
    await hashPassword('a long enough password');
    const threads = nices();
    const loop = threads.find((t) => t.tid === process.pid)!.nice;
    // 10 below the loop (a nice'd test run's too), and no other thread moved. A run already at
    // Linux's lowest priority (nice 19) has nowhere lower to put it.
    const lowered = Math.min(19, loop + 10);
    expect(threads.filter((t) => t.nice !== loop)).toEqual(
      lowered === loop ? [] : [expect.objectContaining({ nice: lowered })],
    );
  });

  it('refuses at once, with a 503 to say so, what would wait past its bound', async () => {
    // Hashes that are not ones fail fast on the thread, so the queue fills without the work of argon2.
    const calls = Array.from({ length: MOST_WAITING + 1 }, () => verifyOffLoop('not a hash', 'a password'));
    const busy = (await Promise.allSettled(calls)).filter(
      (call) => call.status === 'rejected' && (call.reason as { code?: string }).code === 'UNAVAILABLE',
    );
    expect(busy).toHaveLength(1);
  });

  it('answers a busy thread with a 503 to the sign-in, never with a wrong password', async () => {
    const stored = await hashPassword('a long enough password');
    const filling = Array.from({ length: MOST_WAITING }, () => verifyOffLoop('not a hash', 'x').catch(() => false));
    await expect(checkPassword(stored, 'a long enough password')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    await Promise.all(filling);
    expect(await checkPassword(stored, 'a long enough password')).toBe(true);
  });
});
