/**
 * A fixed set of choices, written once as its labels (the words people read, in English): the keys
 * in their order, for `z.enum` and for the lists that show the choices.
 */
export const choicesOf = <K extends string>(labels: Record<K, string>) =>
  // Object.keys answers string[]; `labels` has exactly the keys K, and at least one.
  Object.keys(labels) as unknown as readonly [K, ...K[]];

/** A stored code's words; a code the labels do not know (one they have since dropped) reads as itself. */
export const labelOf = (labels: Readonly<Record<string, string>>, code: string) => labels[code] ?? code;
