/*
 * A listing's origin and condition grade, without the schemas of #shared/trust: the badges every
 * phone card shows need these words only, and the home's JavaScript stays without zod.
 */
export const ORIGINS = ['official', 'unofficial', 'abroad'] as const;
export type Origin = (typeof ORIGINS)[number];
export const ORIGIN_LABELS: Record<Origin, string> = {
  official: 'Official (BTRC-approved)',
  unofficial: 'Unofficial',
  abroad: 'Bought abroad',
};

export const GRADES = ['like_new', 'excellent', 'good', 'fair', 'for_parts'] as const;
export type Grade = (typeof GRADES)[number];
export const GRADE_LABELS: Record<Grade, string> = {
  like_new: 'Like new',
  excellent: 'Excellent',
  good: 'Good',
  fair: 'Fair',
  for_parts: 'For parts',
};
