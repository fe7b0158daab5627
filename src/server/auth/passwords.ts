import { passwordHashCost } from '#server/config';
import { AppError } from '#server/errors';
import { hashOffLoop, verifyOffLoop as verify } from './argon2-thread';

/**
 * argon2id's parameters by PASSWORD_HASH_COST. `owasp` is the library's defaults (19 MiB, 2 passes):
 * OWASP's recommended minimum. `test` is the least argon2 takes (8 KiB, 1 pass), a hundredth of the
 * CPU: the test runs sign up thousands of accounts. Each hash names its parameters, so verifying
 * needs no setting.
 */
const HASH_COSTS = {
  owasp: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  test: { memoryCost: 8, timeCost: 1, parallelism: 1 },
} as const;

export const hashPassword = (password: string, cost = passwordHashCost()) => hashOffLoop(password, HASH_COSTS[cost]);

/**
 * Whether a stored hash was made with less memory or fewer passes than the current cost asks (a
 * server that once ran with `test`, or an older default), so a login should make it again. A hash
 * whose parameters cannot be read is made again too: it checked, so it is argon2, just not ours.
 */
export function belowCost(storedHash: string, cost = passwordHashCost()): boolean {
  const parameters = /^\$argon2id\$v=\d+\$m=(\d+),t=(\d+),p=\d+\$/.exec(storedHash);
  if (!parameters) return true;
  const wanted = HASH_COSTS[cost];
  return Number(parameters[1]) < wanted.memoryCost || Number(parameters[2]) < wanted.timeCost;
}

/** A stored hash the library cannot read (a damaged row) is a wrong password; a busy thread is a 503. */
const mismatch = (error: unknown) => {
  if (error instanceof AppError) throw error;
  return false;
};

/** A fixed hash to verify against when the email is unknown, so both failures take the same time. */
let decoyHash: Promise<string> | undefined;

export async function checkPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    // Made again if its thread stopped before answering, rather than refusing every unknown email after.
    decoyHash ??= hashPassword('decoy password that matches nothing').catch((error: unknown) => {
      decoyHash = undefined;
      throw error;
    });
    await verify(await decoyHash, password).catch(mismatch);
    return false;
  }
  return verify(storedHash, password).catch(mismatch);
}
