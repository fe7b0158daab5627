import { z } from 'zod';
import { idSchema, phoneSchema, requiredText } from './common';

export const bookingFormSchema = z.object({
  phoneNumber: phoneSchema('Phone number is required'),
  meetLocation: requiredText('Meeting location is required', 200),
});
export type BookingForm = z.input<typeof bookingFormSchema>;

/**
 * POST /store/booking/product. Our client names the product by `productId`; the spec's client sends
 * only the product's picture as `productImg` (and name, email, product name and price, which are
 * ignored). The buyer's name and email and the product's name, price, picture and category come
 * from the server's records.
 */
export const bookingRequestSchema = bookingFormSchema
  .extend({
    productId: z.string({ error: 'Choose a product to book' }).pipe(idSchema).optional(),
    productImg: z.string({ error: 'Choose a product to book' }).max(2048).optional(),
  })
  .refine((booking) => booking.productId !== undefined || booking.productImg !== undefined, {
    message: 'Choose a product to book',
    path: ['productId'],
    // Also when other fields are wrong, so the form shows every message at once.
    when: () => true,
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
