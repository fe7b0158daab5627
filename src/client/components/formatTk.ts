import { CURRENCY } from '#shared/messages';

/** A price the way the spec prints it: the whole number followed by Tk ("52000Tk"). */
export function formatTk(amount: number): string {
  return `${amount}${CURRENCY}`;
}
