import { z } from './zod';
import { ERROR_CODES } from './errors';
import { toLatinDigits } from './i18n/digits';
import { messageText } from './i18n/message-text';

const UNKNOWN_ID = messageText('shared.common.unknownId');

export const idSchema = z.string().regex(/^[0-9a-f]{24}$/, UNKNOWN_ID);

/** PostgreSQL can neither store nor compare text that holds U+0000, so no text a request sends may. */
export const hasNoNul = (text: string) => !text.includes('\u0000');
export const NUL_MESSAGE_ID = messageText('shared.common.nul');

/** An id as a caller names it: looked up as it is, so an unknown one is a 404. */
export const lookupIdSchema = z.string().max(64).refine(hasNoNul, UNKNOWN_ID);
export const idParamsSchema = z.object({ id: lookupIdSchema });

/** Required free text: trimmed, with the spec's message when empty. */
export const requiredText = (message: string, max = 200) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, messageText('shared.common.maxLength', { max }))
    .refine(hasNoNul, NUL_MESSAGE_ID);

export const emailSchema = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(254, messageText('shared.common.emailTooLong'))
    .pipe(z.email(messageText('shared.common.emailInvalid')))
    .transform((e) => e.toLowerCase());

/** A phone number: 7 to 15 digits (Latin or Bengali, kept as Latin ones), an optional leading +, spaces or dashes between. */
export const phoneSchema = (requiredMessage: string) =>
  requiredText(requiredMessage, 24)
    .transform(toLatinDigits)
    .refine(
      (v) => /^\+?[\d\s-]+$/.test(v) && /^\d{7,15}$/.test(v.replace(/[\s+-]/g, '')),
      messageText('shared.common.phoneInvalid'),
    );

/** A link to a picture on the web; only http(s), so nothing else can end up in an <img src>. */
const webUrl = z.url({ protocol: /^https?$/ });
/** A picture this server keeps: an upload or a drawn avatar, named by its path. */
const OWN_PICTURE_PATH = /^\/uploads\/[0-9a-z-]{1,80}\.webp$/;
export const PROFILE_PHOTO_MESSAGE_ID = messageText('shared.common.profilePhoto');

/**
 * A profile photo, optional: a link to a picture on the web, or the path of a picture uploaded to
 * this server (the server checks that it is the account's own). Empty or absent keeps the photo
 * there is.
 */
export const profilePhotoSchema = z
  .string()
  .trim()
  .max(2048, messageText('shared.common.linkTooLong'))
  .refine((v) => v === '' || OWN_PICTURE_PATH.test(v) || webUrl.safeParse(v).success, PROFILE_PHOTO_MESSAGE_ID)
  .optional();

/** A number a person typed, maybe in Bengali digits (০-৯): read as Latin ones before it is checked. */
export const typedNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' ? toLatinDigits(value) : value), schema);

/**
 * The phone a record names (a booking, a conversation, a buyer's report): its id, null once the
 * listing is deleted, and its name, which the record keeps.
 */
export const namedListingFields = { productId: z.string().nullable(), productName: z.string() };

/*
 * Fields that many answers carry, written once. The JSON and the OpenAPI document are as they were
 * with the fields written out: a spread keeps each field at its place in its object.
 */
/** A record's id, as every answer names it. */
export const idField = { _id: z.string() };
/** A moment, as the database keeps it and answers carry it: an ISO 8601 string in UTC (nowIso). */
export const timestampSchema = z.string();
export const timestampOrNullSchema = timestampSchema.nullable();
/** A listing that still exists, as an admin's or an alert's row names it. */
export const listingRefFields = { productId: z.string(), productName: z.string() };
/** The seller of a listing, as the listing keeps their name and email. */
export const listingSellerFields = { sellerName: z.string(), sellerEmail: z.string() };

export const pageQuerySchema = z.object({
  page: typedNumber(
    z.coerce
      .number({ error: messageText('shared.common.pageNumber') })
      .int()
      .min(1, messageText('shared.common.pageFrom1'))
      .max(100_000),
  ).default(1),
  limit: typedNumber(
    z.coerce
      .number({ error: messageText('shared.common.limitNumber') })
      .int()
      .min(1)
      .max(100, messageText('shared.common.limitMax')),
  ).default(20),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/**
 * Where a keyset-paged list goes on: the sort key of the last item already read (the time it was
 * posted, then its id, both newest first). It travels as an opaque `after` cursor, base64url of
 * `<posted time>|<id>`, so a deep page is an index read from that item on instead of an OFFSET.
 */
export interface ListCursor {
  postedAt: string;
  id: string;
}

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const CURSOR_ID = /^[0-9a-f]{24}$/;
export const BAD_CURSOR_MESSAGE_ID = messageText('shared.common.badCursor');

export function encodeListCursor({ postedAt, id }: ListCursor): string {
  return btoa(`${postedAt}|${id}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The cursor `value` names, or undefined for anything `encodeListCursor` cannot have made. */
export function decodeListCursor(value: string): ListCursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(value)) return undefined;
  let text: string;
  try {
    text = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return undefined;
  }
  const [postedAt = '', id = '', ...rest] = text.split('|');
  if (rest.length > 0 || !CURSOR_ID.test(id) || !CURSOR_TIME.test(postedAt)) return undefined;
  const time = Date.parse(postedAt);
  // A date that does not exist (30 February) parses as another one: refuse it too.
  if (Number.isNaN(time) || new Date(time).toISOString() !== postedAt) return undefined;
  return { postedAt, id };
}

const listCursorSchema = z
  .string()
  .transform((value, ctx) => {
    const cursor = decodeListCursor(value);
    if (cursor) return cursor;
    ctx.addIssue({ code: 'custom', message: BAD_CURSOR_MESSAGE_ID });
    return z.NEVER;
  })
  .meta({
    description:
      'Opaque cursor: answers the items after the one it names, in the same order. Take it from the ' +
      '`Link` header\'s rel="next" rather than making one; it replaces `page`.',
  });

/** A public list's query: `page` as the spec has it, or `after`, the cursor of the Link header. */
export const keysetPageQuerySchema = pageQuerySchema.extend({ after: listCursorSchema.optional() });
export type KeysetPageQuery = z.infer<typeof keysetPageQuerySchema>;

/** An email that names whose records to read or change; an unknown one simply matches nobody. */
const emailLookupSchema = z
  .string()
  .max(254, messageText('shared.common.emailTooLong'))
  .refine(hasNoNul, messageText('shared.common.emailInvalid'));
export const emailQuerySchema = z.object({ email: emailLookupSchema.default('') });
export const emailParamsSchema = z.object({ email: emailLookupSchema });

export const insertResultSchema = z.object({ acknowledged: z.boolean(), insertedId: z.string() });
export const updateResultSchema = z.object({
  acknowledged: z.boolean(),
  matchedCount: z.number(),
  modifiedCount: z.number(),
});
export const deleteResultSchema = z.object({ acknowledged: z.boolean(), deletedCount: z.number() });
export type InsertResult = z.infer<typeof insertResultSchema>;
export type UpdateResult = z.infer<typeof updateResultSchema>;
export type DeleteResult = z.infer<typeof deleteResultSchema>;

export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
