/*
 * A listing's origin and condition grade, without the schemas of #shared/trust: code on the home's
 * path (the badges every phone card shows) needs these values only, and the home's JavaScript
 * stays without zod.
 */
export const ORIGINS = ['official', 'unofficial', 'abroad'] as const;
export type Origin = (typeof ORIGINS)[number];

export const GRADES = ['like_new', 'excellent', 'good', 'fair', 'for_parts'] as const;
export type Grade = (typeof GRADES)[number];
