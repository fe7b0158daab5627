import { AppError } from '#server/errors';
import { hashOffLoop as hash, verifyOffLoop as verify } from './argon2-thread';

// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum.
export const hashPassword = (password: string) => hash(password);

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
    decoyHash ??= hash('decoy password that matches nothing').catch((error: unknown) => {
      decoyHash = undefined;
      throw error;
    });
    await verify(await decoyHash, password).catch(mismatch);
    return false;
  }
  return verify(storedHash, password).catch(mismatch);
}
