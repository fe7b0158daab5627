import { z } from 'zod';
import { idSchema, phoneSchema, requiredText } from './common';

export const bookingFormSchema = z.object({
  phoneNumber: phoneSchema('Phone number is required'),
  meetLocation: requiredText('Meeting location is required', 200),
});
export type BookingForm = z.input<typeof bookingFormSchema>;

/**
 * POST /store/booking/product. The product is named by `productId`; the buyer's name and email and
 * the product's name, price, picture and category come from the server's records.
 */
export const bookingRequestSchema = bookingFormSchema.extend({
  productId: z.string({ error: 'Choose a product to book' }).pipe(idSchema),
});
export type BookingRequest = z.infer<typeof bookingRequestSchema>;

export const orderSchema = z.object({
  _id: z.string(),
  productId: z.string().nullable(),
  productName: z.string(),
  categoryNameInfo: z.string(),
  productPrice: z.number(),
  productImg: z.string(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  meetLocation: z.string(),
  bookedAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;
