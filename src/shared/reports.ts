import { z } from './zod';
import { messageText } from './i18n/message-text';
import { idField, idSchema, listingSellerFields, timestampSchema } from './common';
import { givenReasonFields, noteForOther, REASONS_BY_SUBJECT, reportNoteSchema } from './moderation';

/** The spec's call, now with a reason (docs/moderation.md); without one it is kept as "No reason given". */
export const reportRequestSchema = z
  .object({
    product_id: z.string({ error: messageText('shared.reports.chooseProduct') }).pipe(idSchema),
    reason: z.enum(REASONS_BY_SUBJECT.listing, { error: messageText('shared.reports.chooseReason') }).optional(),
    note: reportNoteSchema,
  })
  .refine(...noteForOther);
export type ReportRequest = z.infer<typeof reportRequestSchema>;

export const reportedProductSchema = z.object({
  ...idField,
  product_id: z.string(),
  productImg: z.string(),
  productName: z.string(),
  ...listingSellerFields,
  sellerMobile: z.string(),
  reportedAt: timestampSchema,
  ...givenReasonFields,
});
export type ReportedProduct = z.infer<typeof reportedProductSchema>;
