import { z } from './zod';
import { BOOKING_STATUSES } from './bookings';
import {
  idField,
  idSchema,
  insertResultSchema,
  phoneSchema,
  requiredText,
  timestampOrNullSchema,
  timestampSchema,
  updateResultSchema,
} from './common';
import { toLatinDigits } from './i18n/digits';
import { messageText } from './i18n/message-text';
import { messageIds } from './messages';
import { ownTrustSchema, productTrustSchema, REVIEW_REASONS, trustFieldsSchema, trustIssues } from './trust';

export const CONDITIONS = ['Exellent', 'Good', 'Fair'] as const;
export type Condition = (typeof CONDITIONS)[number];

const FIRST_PURCHASE_YEAR = 2000;
export const MAX_PRICE = 10_000_000;

/** The lowest resale price taken: a price of 0 or a few Tk is a typo or a lure, never a real phone's price. */
export const MIN_RESALE_PRICE = 100;

/**
 * Whole Taka, typed as free text: Latin or Bengali digits with optional thousands commas ("25,000"), at least `min`
 * (the resale price; the original price may be anything up to MAX_PRICE).
 */
const priceSchema = (requiredMessage: string, min = 0) =>
  z
    .union([z.string(), z.number()], { error: requiredMessage })
    .transform((v) => (typeof v === 'number' ? String(v) : toLatinDigits(v).trim().replace(/,/g, '')))
    .pipe(
      z
        .string()
        .min(1, requiredMessage)
        .regex(/^\d+$/, messageText('shared.products.priceDigits'))
        .transform(Number)
        .pipe(
          z
            .number()
            .min(min, messageText('shared.products.priceMin', { minPrice: min }))
            .max(MAX_PRICE, messageText('shared.products.priceMax', { maxPrice: MAX_PRICE })),
        ),
    );

const yearSchema = (requiredMessage: string) =>
  z
    .union([z.string(), z.number()], { error: requiredMessage })
    .transform((v) => (typeof v === 'number' ? String(v) : toLatinDigits(v).trim()))
    .pipe(
      z
        .string()
        .min(1, requiredMessage)
        .regex(/^\d{4}$/, messageText('shared.products.yearDigits'))
        .transform(Number)
        .refine(
          (year) => year >= FIRST_PURCHASE_YEAR && year <= new Date().getFullYear(),
          messageText('shared.products.yearRange', { first: FIRST_PURCHASE_YEAR }),
        ),
    );

const CATEGORY_REQUIRED = messageText('shared.products.categoryRequired');

/** The fields a seller types, shared by the Add Product form and POST /store_products. */
export const productFieldsSchema = z.object({
  productName: requiredText(messageIds.productNameRequired, 120),
  brand: requiredText(messageIds.brandRequired, 60),
  category_id: z.string({ error: CATEGORY_REQUIRED }).trim().min(1, CATEGORY_REQUIRED).pipe(idSchema),
  originalPrice: priceSchema(messageIds.originalPriceRequired),
  resalePrice: priceSchema(messageIds.resalePriceRequired, MIN_RESALE_PRICE),
  yearOfPurchase: yearSchema(messageIds.yearRequired),
  productCondition: z.enum(CONDITIONS, { error: messageIds.conditionRequired }),
  sellerMobile: phoneSchema(messageIds.sellerMobileRequired),
  location: requiredText(messageIds.locationRequired, 120),
  description: requiredText(messageIds.descriptionRequired, 2000),
});

/**
 * POST /store_products. `productImg` is the URL that POST /uploads answered. Seller name and email,
 * flags and dates are the server's to set; if a client sends them they are dropped.
 */
export const MAX_PHOTOS = 6;
export const PHOTO_TWICE_ID = messageText('shared.products.photoTwice');

/**
 * POST /store_products and PUT /edit/product/{id}. `productImg` is the cover, a URL that POST
 * /uploads answered; `photos`, when sent, is every photo in order, the cover first. A client that
 * sends only `productImg` (the spec's) lists a phone with that one photo.
 */
export const storeProductRequestSchema = productFieldsSchema
  .extend({
    productImg: requiredText(messageIds.productImgRequired, 2048),
    photos: z
      .array(requiredText(messageIds.productImgRequired, 2048), { error: messageText('shared.products.photosList') })
      .min(1, messageIds.productImgRequired)
      .max(MAX_PHOTOS, messageText('shared.products.photosMax', { max: MAX_PHOTOS }))
      .refine((urls) => new Set(urls).size === urls.length, PHOTO_TWICE_ID)
      .optional(),
    ...trustFieldsSchema.shape,
  })
  .refine((request) => !request.photos || request.photos[0] === request.productImg, {
    message: messageText('shared.products.coverFirst'),
    path: ['photos'],
  })
  .superRefine((request, ctx) => {
    for (const { path, message } of trustIssues(request)) ctx.addIssue({ code: 'custom', path: [path], message });
  });
export type StoreProductRequest = z.infer<typeof storeProductRequestSchema>;
/** The form's values before the schema turns them into numbers and digits. */
export type StoreProductInput = z.input<typeof storeProductRequestSchema>;

/** Set when a save sent the listing to the admin's review instead of publishing it (docs/trust.md). */
const reviewOutcomeSchema = z.object({ reasons: z.array(z.enum(REVIEW_REASONS)) }).nullable();

/** POST /store_products: the spec's answer, with the review outcome and the listing's verification code. */
export const storeProductResultSchema = insertResultSchema.extend({
  review: reviewOutcomeSchema,
  verificationCode: z.string(),
});
export type StoreProductResult = z.infer<typeof storeProductResultSchema>;

export const editProductResultSchema = updateResultSchema.extend({ review: reviewOutcomeSchema });
export type EditProductResult = z.infer<typeof editProductResultSchema>;

export const productSchema = z.object({
  ...idField,
  brand: z.string(),
  category_id: z.string(),
  categoryName: z.string(),
  originalPrice: z.number(),
  resalePrice: z.number(),
  productCondition: z.enum(CONDITIONS),
  productName: z.string(),
  sellerName: z.string(),
  /** The seller's public page is /seller/{sellerId}. */
  sellerId: z.string(),
  sellerEmail: z.string(),
  sellerMobile: z.string(),
  sellerIsVerified: z.boolean(),
  yearOfPurchase: z.number(),
  location: z.string(),
  description: z.string(),
  sellStatus: z.boolean(),
  advertiseStatus: z.boolean(),
  productImg: z.string(),
  productThumb: z.string(),
  /** Every photo in order; the first is the cover (`productImg`). */
  photos: z.array(z.object({ url: z.string(), thumb: z.string() })),
  /** Taken off sale by the seller: in no public list, and it cannot be booked. */
  hidden: z.boolean(),
  /** The seller accepted a booking: the phone waits for that buyer, and other requests wait. */
  reserved: z.boolean(),
  /**
   * "Price dropped from": the lowest resale price of the 30 days before the last price change, when
   * that change went below it, for 30 days after it; else null.
   */
  previousPrice: z.number().nullable(),
  editedOn: timestampOrNullSchema,
  postedOn: timestampSchema,
  /** IMEI, NEIR, origin, graded condition and verification photo (docs/trust.md). */
  trust: productTrustSchema,
});
export type Product = z.infer<typeof productSchema>;

/** GET /products (the seller's own list): each phone with how many booking requests are open on it. */
export const myProductSchema = productSchema.extend({
  openRequests: z.number(),
  /**
   * A moderator keeps it off sale, and why (docs/moderation.md); null otherwise. `reason` is the
   * English of before; `reasonCode` (an action reason) and `note` (the moderator's words) are what
   * a screen shows, in its reader's language (null for a suspended seller's listing).
   */
  moderation: z
    .object({ state: z.string(), reason: z.string(), reasonCode: z.string().nullable(), note: z.string().nullable() })
    .nullable(),
  ownTrust: ownTrustSchema,
});
export type MyProduct = z.infer<typeof myProductSchema>;

/** GET /product/{id}/mine: what the signed-in user has done with a listing, so its page can say so. */
export const myProductActivitySchema = z.object({
  bookedAt: timestampOrNullSchema,
  /** The state of the user's booking of it; a closed one (declined, cancelled, expired) may be asked again. */
  bookingStatus: z.enum(BOOKING_STATUSES).nullable(),
  reportedAt: timestampOrNullSchema,
});
export type MyProductActivity = z.infer<typeof myProductActivitySchema>;
