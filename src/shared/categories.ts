import { z } from './zod';
import { lookupIdSchema } from './common';

export const categorySchema = z.object({
  _id: z.string(),
  category_name: z.string(),
  category_img: z.string(),
  category_desc: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryInfoQuerySchema = z.object({ id: lookupIdSchema.default('') });
