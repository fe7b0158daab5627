/** Joins class names, skipping the false, null and undefined of conditional ones. */
export function cx(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
