import { z } from './zod';
import { choicesOf } from './choices';
import { pageQuerySchema, typedNumber } from './common';
import { MAX_PRICE, productSchema } from './products';
import { districtFilter, optionalFilter, phoneFilters, pricesInOrder, searchWords } from './search-filters';
import { toLatinDigits } from './i18n/digits';
import { messageText } from './i18n/message-text';
import { GRADES, ORIGINS } from './trust';

// Their words are in the client's catalogs (search.results.sort.*).
export const SEARCH_SORTS = ['best', 'newest', 'price_asc', 'price_desc'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const POSTED_LABELS = {
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
};
export type PostedWithin = keyof typeof POSTED_LABELS;
export const POSTED_WITHIN = choicesOf(POSTED_LABELS);
export const POSTED_HOURS: Record<PostedWithin, number> = { '24h': 24, '7d': 7 * 24, '30d': 30 * 24 };

/** A yes-or-no filter: `true` turns it on, `false` (or nothing) leaves it off. */
const onOff = (name: string) =>
  optionalFilter(z.enum(['true', 'false'], { error: `${name} is true or false` }).transform((v) => v === 'true'));

/** `name` picks the field's name in the message: the lowest or the highest price. */
const price = (name: 'lowest' | 'highest') =>
  optionalFilter(
    typedNumber(
      z.coerce
        .number({ error: messageText('shared.search.priceNumber', { name }) })
        .int(messageText('shared.search.priceWhole', { name }))
        .min(0, messageText('shared.search.priceBelow0', { name }))
        .max(MAX_PRICE, messageText('shared.search.priceMax', { name, maxPrice: MAX_PRICE })),
    ),
  );

/** GET /api/search: every filter is optional; all of them in a URL make a shareable search. */
export const searchQuerySchema = pageQuerySchema
  .extend({
    q: searchWords(),
    ...phoneFilters,
    minPrice: price('lowest'),
    maxPrice: price('highest'),
    district: districtFilter,
    verified: onOff('verified'),
    grade: optionalFilter(z.enum(GRADES, { error: 'grade is one of like_new, excellent, good, fair or for_parts' })),
    origin: optionalFilter(z.enum(ORIGINS, { error: 'origin is one of official, unofficial or abroad' })),
    minBattery: optionalFilter(
      z.preprocess(
        (v) => (typeof v === 'string' ? toLatinDigits(v).trim() : v),
        z.coerce
          .number({ error: messageText('shared.search.batteryNumber') })
          .int(messageText('shared.search.batteryWhole'))
          .min(1, messageText('shared.search.batteryMin'))
          .max(100, messageText('shared.search.batteryMax')),
      ),
    ),
    imeiChecked: onOff('imeiChecked'),
    photoVerified: onOff('photoVerified'),
    /** Only phones asking less than the middle half of their fair price (the "Good price" chip). */
    goodPrice: onOff('goodPrice'),
    posted: optionalFilter(z.enum(POSTED_WITHIN, { error: 'posted is one of 24h, 7d or 30d' })),
    sort: optionalFilter(z.enum(SEARCH_SORTS, { error: 'sort is one of best, newest, price_asc or price_desc' })),
  })
  .refine(...pricesInOrder);
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

export const suggestionsQuerySchema = z.object({ q: searchWords() });

export const MAX_SUGGESTIONS = 6;
export const suggestionsSchema = z.object({
  suggestions: z.object({ text: z.string(), brand: z.string() }).array().max(MAX_SUGGESTIONS),
});
export type Suggestions = z.infer<typeof suggestionsSchema>;
export type Suggestion = Suggestions['suggestions'][number];
