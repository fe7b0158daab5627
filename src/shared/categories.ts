import { z } from './zod';
import { idField, lookupIdSchema } from './common';

export const categorySchema = z.object({
  ...idField,
  category_name: z.string(),
  category_img: z.string(),
  category_desc: z.string(),
  /** The name and description in Bangla (brand names stay in Latin letters); empty when there is none yet. */
  nameBn: z.string(),
  descriptionBn: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryInfoQuerySchema = z.object({ id: lookupIdSchema.default('') });
