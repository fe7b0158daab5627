import { z } from './zod';
import { idField, listingRefFields, timestampOrNullSchema, timestampSchema } from './common';
import { messageText, type MessageValues, type SharedMessageId } from './i18n/message-text';
import { districtFilter, optionalFilter, phoneFilters, pricesInOrder, searchWords } from './search-filters';
import { wholeTkSchema } from './whole-tk';

/*
 * Saved searches that alert (docs/alerts.md): the filters of a search page, kept with how often
 * their matches are told.
 */

// Their words are in the client's catalogs (alerts.frequency.*).
export const ALERT_FREQUENCIES = ['instant', 'daily', 'weekly'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** Alerts one user may keep. */
export const MAX_ALERTS = 20;
/** Instant alerts tell at most once per this many minutes per alert, and this many times a day per user. */
export const INSTANT_BATCH_MINUTES = 15;
export const INSTANT_PER_DAY = 10;

/** The parts of a search an alert keeps: words and filters, never the page, sort or "posted within". */
export const alertSearchSchema = z
  .object({
    q: searchWords(z.string().trim()),
    ...phoneFilters,
    minPrice: optionalFilter(wholeTkSchema('lowest')),
    maxPrice: optionalFilter(wholeTkSchema('highest')),
    district: districtFilter,
    verified: optionalFilter(
      z
        .union([z.boolean(), z.enum(['true', 'false'])], { error: 'verified is true or false' })
        .transform((v) => v === true || v === 'true'),
    ),
  })
  .refine(...pricesInOrder);
export type AlertSearch = z.infer<typeof alertSearchSchema>;

/** POST /api/alerts: the search (as its page's URL parameters) and how often to tell. */
export const saveAlertRequestSchema = z.object({
  search: alertSearchSchema,
  frequency: z.enum(ALERT_FREQUENCIES, { error: messageText('shared.alerts.frequency') }).default('instant'),
});
export type SaveAlertRequest = z.input<typeof saveAlertRequestSchema>;

/** PUT /api/alerts/{id}: pause or resume, or another frequency. */
export const updateAlertRequestSchema = z
  .object({
    frequency: z.enum(ALERT_FREQUENCIES, { error: messageText('shared.alerts.frequency') }).optional(),
    paused: z.boolean({ error: 'paused is true or false' }).optional(),
  })
  .refine((body) => body.frequency !== undefined || body.paused !== undefined, {
    message: messageText('shared.alerts.whatToChange'),
    path: ['frequency'],
  });
export type UpdateAlertRequest = z.infer<typeof updateAlertRequestSchema>;

export const alertMatchSchema = z.object({
  ...listingRefFields,
  price: z.number(),
  matchedAt: timestampSchema,
});

export const alertSchema = z.object({
  ...idField,
  /** The search page's URL parameters: "edit" opens /search?{search}. */
  search: z.string(),
  sentence: z.string(),
  frequency: z.enum(ALERT_FREQUENCIES),
  paused: z.boolean(),
  mailOff: z.boolean(),
  createdAt: timestampSchema,
  lastSentAt: timestampOrNullSchema,
  lastMatches: alertMatchSchema.array(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertListSchema = z.object({ items: alertSchema.array(), max: z.number() });
export type AlertList = z.infer<typeof alertListSchema>;

/** A part's message: the sentence's own words, or a district's name (ours, so in the reader's language). */
type AlertSentenceId = Extract<SharedMessageId, `shared.alertSentence.${string}` | `shared.district.${string}`>;

/**
 * One part of a saved search as people read it: a message (`typed` names its value a person
 * typed), or words shown as they are (a category's name, a brand as typed).
 */
export type SearchPart =
  { id: AlertSentenceId; values?: MessageValues; typed?: string } | { words: string; typed: boolean };

function pricePart({ minPrice, maxPrice }: AlertSearch): SearchPart | undefined {
  if (minPrice !== undefined && maxPrice !== undefined) {
    return { id: 'shared.alertSentence.between', values: { minPrice, maxPrice } };
  }
  if (maxPrice !== undefined) return { id: 'shared.alertSentence.upTo', values: { maxPrice } };
  if (minPrice !== undefined) return { id: 'shared.alertSentence.from', values: { minPrice } };
  return undefined;
}

/**
 * The one way a saved search is described, by the web client and by mails, the bell and the
 * unsubscribe page: its parts in this order. `categoryName` is the chosen category's name in the
 * reader's language, looked up by the caller.
 */
export function searchParts(search: AlertSearch, categoryName?: string): SearchPart[] {
  const parts: Array<SearchPart | undefined> = [
    search.q ? { id: 'shared.alertSentence.query', values: { q: search.q }, typed: 'q' } : undefined,
    categoryName ? { words: categoryName, typed: false } : undefined,
    search.brand ? { words: search.brand, typed: true } : undefined,
    pricePart(search),
    search.district ? { id: `shared.district.${search.district}` } : undefined,
    search.condition ? { id: 'shared.alertSentence.condition', values: { condition: search.condition } } : undefined,
    search.verified ? { id: 'shared.alertSentence.verified' } : undefined,
  ];
  return parts.filter((part) => part !== undefined);
}

export const SEARCH_PART_SEPARATOR = ' · ';

/**
 * A search as a sentence, each message written by `say`: "iPhone · up to 60000Tk · Dhaka · Good
 * condition" in English, "iPhone · ৬০,০০০ টাকা পর্যন্ত · …" in Bangla.
 */
export function describeSearch(
  search: AlertSearch,
  categoryName: string | undefined,
  say: (id: AlertSentenceId, values?: MessageValues) => string,
): string {
  const parts = searchParts(search, categoryName).map((part) =>
    'words' in part ? part.words : say(part.id, part.values),
  );
  return parts.length > 0 ? parts.join(SEARCH_PART_SEPARATOR) : say('shared.alertSentence.everyPhone');
}

/** A saved search's filters read back from its URL parameters; undefined for one this code cannot read. */
export function readAlertSearch(params: string): AlertSearch | undefined {
  const parsed = alertSearchSchema.safeParse(Object.fromEntries(new URLSearchParams(params)));
  return parsed.success ? parsed.data : undefined;
}

/** The search as canonical URL parameters (sorted, empty ones left out): saved once per user, opened by "edit". */
export function searchParamsOf(search: AlertSearch): string {
  const entries: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === '' || value === false) continue;
    entries.push([key, String(value)]);
  }
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(entries).toString();
}
