import { z } from './zod';
import { idSchema } from './common';

export const reportRequestSchema = z.object({
  product_id: z.string({ error: 'Choose a product to report' }).pipe(idSchema),
});
export type ReportRequest = z.infer<typeof reportRequestSchema>;

export const reportedProductSchema = z.object({
  _id: z.string(),
  product_id: z.string(),
  productImg: z.string(),
  productName: z.string(),
  sellerName: z.string(),
  sellerEmail: z.string(),
  sellerMobile: z.string(),
  reportedAt: z.string(),
});
export type ReportedProduct = z.infer<typeof reportedProductSchema>;
