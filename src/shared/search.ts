import { z } from './zod';
import { MAX_QUERY_LENGTH } from './search-limits';
import { pageQuerySchema, typedNumber } from './common';
import { DISTRICTS } from './districts';
import { CONDITIONS, MAX_PRICE, productSchema } from './products';
import { toLatinDigits } from './i18n/digits';
import { messageText } from './i18n/message-text';
import { GRADES, ORIGINS } from './trust';

export const SEARCH_SORTS = ['best', 'newest', 'price_asc', 'price_desc'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SORT_LABELS: Record<SearchSort, string> = {
  best: 'Best match',
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
};

export const POSTED_WITHIN = ['24h', '7d', '30d'] as const;
export type PostedWithin = (typeof POSTED_WITHIN)[number];
export const POSTED_LABELS: Record<PostedWithin, string> = {
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
};
export const POSTED_HOURS: Record<PostedWithin, number> = { '24h': 24, '7d': 7 * 24, '30d': 30 * 24 };

const ID_PATTERN = /^[0-9a-f]{24}$/;

/** A parameter left empty in a URL (`brand=`) means the filter is off, as if it were absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** `name` picks the field's name in the message: the lowest or the highest price. */
const price = (name: 'lowest' | 'highest') =>
  optional(
    typedNumber(
      z.coerce
        .number({ error: messageText('shared.search.priceNumber', { name }) })
        .int(messageText('shared.search.priceWhole', { name }))
        .min(0, messageText('shared.search.priceBelow0', { name }))
        .max(MAX_PRICE, messageText('shared.search.priceMax', { name, max: MAX_PRICE })),
    ),
  );

/** GET /api/search: every filter is optional; all of them in a URL make a shareable search. */
export const searchQuerySchema = pageQuerySchema
  .extend({
    q: z
      .string()
      .max(MAX_QUERY_LENGTH, messageText('shared.search.queryMax', { max: MAX_QUERY_LENGTH }))
      .refine((text) => !text.includes('\u0000'), messageText('shared.search.queryNul'))
      .default(''),
    category: optional(z.string().regex(ID_PATTERN, messageText('shared.search.unknownCategory'))),
    brand: optional(z.string().trim().max(60, messageText('shared.search.brandMax'))),
    condition: optional(z.enum(CONDITIONS, { error: messageText('shared.search.condition') })),
    minPrice: price('lowest'),
    maxPrice: price('highest'),
    district: optional(z.enum(DISTRICTS, { error: messageText('shared.search.district') })),
    verified: optional(
      z.enum(['true', 'false'], { error: 'verified is true or false' }).transform((v) => v === 'true'),
    ),
    grade: optional(z.enum(GRADES, { error: 'grade is one of like_new, excellent, good, fair or for_parts' })),
    origin: optional(z.enum(ORIGINS, { error: 'origin is one of official, unofficial or abroad' })),
    minBattery: optional(
      z.preprocess(
        (v) => (typeof v === 'string' ? toLatinDigits(v).trim() : v),
        z.coerce
          .number({ error: messageText('shared.search.batteryNumber') })
          .int(messageText('shared.search.batteryWhole'))
          .min(1, messageText('shared.search.batteryMin'))
          .max(100, messageText('shared.search.batteryMax')),
      ),
    ),
    imeiChecked: optional(
      z.enum(['true', 'false'], { error: 'imeiChecked is true or false' }).transform((v) => v === 'true'),
    ),
    photoVerified: optional(
      z.enum(['true', 'false'], { error: 'photoVerified is true or false' }).transform((v) => v === 'true'),
    ),
    /** Only phones asking less than the middle half of their fair price (the "Good price" chip). */
    goodPrice: optional(
      z.enum(['true', 'false'], { error: 'goodPrice is true or false' }).transform((v) => v === 'true'),
    ),
    posted: optional(z.enum(POSTED_WITHIN, { error: 'posted is one of 24h, 7d or 30d' })),
    sort: optional(z.enum(SEARCH_SORTS, { error: 'sort is one of best, newest, price_asc or price_desc' })),
  })
  .refine((query) => query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice, {
    message: messageText('shared.search.priceOrder'),
    path: ['minPrice'],
  });
export type SearchQuery = z.infer<typeof searchQuerySchema>;
export type SearchFilters = Omit<SearchQuery, 'page' | 'limit' | 'sort' | 'q'>;

const facetOptionSchema = z.object({ value: z.string(), label: z.string(), count: z.number() });
export type FacetOption = z.infer<typeof facetOptionSchema>;

/** For each filter, how many results choosing each option (instead of the one chosen) would give. */
const facetsSchema = z.object({
  category: facetOptionSchema.array(),
  brand: facetOptionSchema.array(),
  condition: facetOptionSchema.array(),
  district: facetOptionSchema.array(),
  verified: facetOptionSchema.array(),
  posted: facetOptionSchema.array(),
});
export type Facets = z.infer<typeof facetsSchema>;

export const searchResultSchema = z.object({
  items: productSchema.array(),
  total: z.number(),
  /**
   * The total and the facets' counts are estimates, rounded (a search of more than 100,000 phones on
   * a miss counts a sample of them): shown as "about".
   */
  totalIsEstimate: z.boolean(),
  page: z.number(),
  limit: z.number(),
  sort: z.enum(SEARCH_SORTS),
  /** The words searched for when some typed ones were corrected ("samsng" → "samsung"), else null. */
  searchedFor: z.string().nullable(),
  /** No phone matched every word, so these are the closest: those matching the most of the words. */
  closest: z.boolean(),
  facets: facetsSchema,
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const suggestionsQuerySchema = z.object({
  q: z
    .string()
    .max(MAX_QUERY_LENGTH, messageText('shared.search.queryMax', { max: MAX_QUERY_LENGTH }))
    .refine((text) => !text.includes('\u0000'), messageText('shared.search.queryNul'))
    .default(''),
});

export const MAX_SUGGESTIONS = 6;
export const suggestionsSchema = z.object({
  suggestions: z.object({ text: z.string(), brand: z.string() }).array().max(MAX_SUGGESTIONS),
});
export type Suggestions = z.infer<typeof suggestionsSchema>;
export type Suggestion = Suggestions['suggestions'][number];
