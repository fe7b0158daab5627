// Values a listing's columns are derived from, kept below the areas so the migrations that backfill them can use them.
import { randomInt } from 'node:crypto';
import { CODE_ALPHABET, CODE_LENGTH } from '#shared/trust';

/** A verification code: six characters handwriting cannot confuse (no 0/O/1/I/L/U). */
export function newVerificationCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** One model however its name is typed ("iPhone 12 ", "IPHONE  12"): the key its prices are compared by. */
export const modelKeyOf = (productName: string) => productName.trim().toLowerCase().replace(/\s+/g, ' ');
