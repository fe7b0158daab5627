import { z } from './zod';
import { hasNoNul } from './common';
import { DISTRICTS } from './districts';
import { messageText } from './i18n/message-text';
import { CONDITIONS } from './products';
import { MAX_QUERY_LENGTH } from './search-limits';

/*
 * What the search page and a saved search (docs/alerts.md) filter alike, each as its URL
 * parameter: the words, which phones (category, brand, condition), the district, and the prices'
 * order. Each keeps the rest of its own fields.
 */

/** A parameter left empty in a URL (`brand=`), or null in a saved search, means the filter is off. */
const blankIsNone = (value: unknown) => (value === '' || value === null ? undefined : value);
export const optionalFilter = <T extends z.ZodType>(schema: T) => z.preprocess(blankIsNone, schema.optional());

/** The words searched for, none by default; `text` reads them (a saved search trims them first). */
export const searchWords = (text = z.string()) =>
  text
    .max(MAX_QUERY_LENGTH, messageText('shared.search.queryMax', { max: MAX_QUERY_LENGTH }))
    .refine(hasNoNul, messageText('shared.search.queryNul'))
    .default('');

const ID_PATTERN = /^[0-9a-f]{24}$/;

/** Which phones: their category, brand and condition. */
export const phoneFilters = {
  category: optionalFilter(z.string().regex(ID_PATTERN, messageText('shared.search.unknownCategory'))),
  brand: optionalFilter(z.string().trim().max(60, messageText('shared.search.brandMax'))),
  condition: optionalFilter(z.enum(CONDITIONS, { error: messageText('shared.search.condition') })),
};

export const districtFilter = optionalFilter(z.enum(DISTRICTS, { error: messageText('shared.search.district') }));

type PriceRange = { minPrice?: number | undefined; maxPrice?: number | undefined };
/** The check, and its message on the lowest price, that the lowest price is not above the highest. */
export const pricesInOrder: [(range: PriceRange) => boolean, { message: string; path: string[] }] = [
  ({ minPrice, maxPrice }) => minPrice === undefined || maxPrice === undefined || minPrice <= maxPrice,
  { message: messageText('shared.search.priceOrder'), path: ['minPrice'] },
];
