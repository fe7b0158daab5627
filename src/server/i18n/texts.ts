import { describeSearch, type AlertSearch } from '#shared/alerts';
import { DEFAULT_LOCALE, type Locale } from '#shared/i18n/locales';
import { createTranslator, sharedCatalogs, translateText, type MessageValues } from '#shared/i18n/translate';
import accountsBn from '#server/accounts/locales/bn.json';
import accountsEn from '#server/accounts/locales/en.json';
import alertsBn from '#server/alerts/locales/bn.json';
import authBn from '#server/auth/locales/bn.json';
import authEn from '#server/auth/locales/en.json';
import alertsEn from '#server/alerts/locales/en.json';
import bookingsBn from '#server/bookings/locales/bn.json';
import bookingsEn from '#server/bookings/locales/en.json';
import chatBn from '#server/chat/locales/bn.json';
import chatEn from '#server/chat/locales/en.json';
import mailBn from '#server/mail/locales/bn.json';
import mailEn from '#server/mail/locales/en.json';
import moderationBn from '#server/moderation/locales/bn.json';
import moderationEn from '#server/moderation/locales/en.json';
import notificationsBn from '#server/notifications/locales/bn.json';
import notificationsEn from '#server/notifications/locales/en.json';
import productsBn from '#server/products/locales/bn.json';
import productsEn from '#server/products/locales/en.json';
import pushBn from '#server/push/locales/bn.json';
import pushEn from '#server/push/locales/en.json';
import reviewsBn from '#server/reviews/locales/bn.json';
import reviewsEn from '#server/reviews/locales/en.json';
import trustBn from '#server/trust/locales/bn.json';
import trustEn from '#server/trust/locales/en.json';
import uploadsBn from '#server/uploads/locales/bn.json';
import uploadsEn from '#server/uploads/locales/en.json';
import usersBn from '#server/users/locales/bn.json';
import usersEn from '#server/users/locales/en.json';
import verificationBn from '#server/verification/locales/bn.json';
import verificationEn from '#server/verification/locales/en.json';
import { AppError, type ErrorCode } from '#server/errors';

/*
 * What the server writes to a person who is not asking right now (mails, the bell's
 * notifications, pushes) is written in that person's language: `users.locale`, with prices and
 * numbers in Latin digits when `users.latin_digits` says so. The texts live beside their areas
 * (`src/server/<area>/locales/`, ids `server.<area>.…`), over the shared catalog.
 */

/** Each area's catalog once, the language's own beside it; texts.test.ts checks each pair. */
export const SERVER_CATALOGS = {
  accounts: [accountsEn, accountsBn],
  alerts: [alertsEn, alertsBn],
  auth: [authEn, authBn],
  bookings: [bookingsEn, bookingsBn],
  chat: [chatEn, chatBn],
  mail: [mailEn, mailBn],
  moderation: [moderationEn, moderationBn],
  notifications: [notificationsEn, notificationsBn],
  products: [productsEn, productsBn],
  push: [pushEn, pushBn],
  reviews: [reviewsEn, reviewsBn],
  trust: [trustEn, trustBn],
  uploads: [uploadsEn, uploadsBn],
  users: [usersEn, usersBn],
  verification: [verificationEn, verificationBn],
} as const;

const areas = Object.values(SERVER_CATALOGS);
const serverCatalogs = {
  en: Object.assign({}, sharedCatalogs.en, ...areas.map(([en]) => en)) as typeof sharedCatalogs.en &
    typeof accountsEn &
    typeof alertsEn &
    typeof authEn &
    typeof bookingsEn &
    typeof chatEn &
    typeof mailEn &
    typeof moderationEn &
    typeof notificationsEn &
    typeof productsEn &
    typeof pushEn &
    typeof reviewsEn &
    typeof trustEn &
    typeof uploadsEn &
    typeof usersEn &
    typeof verificationEn,
  bn: Object.assign({}, sharedCatalogs.bn, ...areas.map(([, bn]) => bn)) as Record<string, string>,
};

export type ServerMessageId = keyof typeof serverCatalogs.en;

const translateServer = createTranslator(serverCatalogs);

/**
 * An API message of a server area, as `messageText` writes a shared one: its id and values, which
 * the error handler writes in the request's language (`translateMessage`).
 */
export const serverMessage = (id: ServerMessageId, values?: MessageValues): string =>
  values ? `${id} ${JSON.stringify(values)}` : id;

/** A refusal whose message is a server area's catalog id, answered in the request's language. */
export const refusal = (code: ErrorCode, id: ServerMessageId, values?: MessageValues) =>
  new AppError(code, serverMessage(id, values));

/** An API message in `locale`: a shared or server id (with its values) translated, any other text as it is. */
export const translateMessage = (locale: Locale, text: string): string => translateText(locale, text, translateServer);

/** A reader's language: the locale and whether numbers go in Latin digits. */
export interface Language {
  locale: Locale;
  latinDigits: boolean;
}

export const ENGLISH: Language = { locale: DEFAULT_LOCALE, latinDigits: false };

/**
 * A text to write in its reader's language once the reader is known: a catalog id and its values
 * (seller-written text such as a phone's name goes as it is; an amount of Tk is a number named
 * `price` or `…Price`, which the translator writes with the one price formatter, withPrices).
 */
export interface LocalText {
  id: ServerMessageId;
  values?: TextValues;
  /** Moments (ISO strings) written as a person in Bangladesh reads a time, in the reader's language. */
  dates?: Readonly<Record<string, string>>;
}

/** A saved search's filters, described in the reader's language (`describeSearch`, #shared/alerts). */
export interface SearchText {
  search: AlertSearch;
  /** Its category's name in each language, when it has one. */
  categoryNames?: Readonly<Record<Locale, string>>;
}

/**
 * A value may itself be a text (a reason's label, a part of a sentence) or a saved search, written
 * in the same language.
 */
export type TextValues = Readonly<Record<string, string | number | LocalText | SearchText>>;

export const localText = (id: ServerMessageId, values?: TextValues, dates?: LocalText['dates']): LocalText => ({
  id,
  ...(values ? { values } : {}),
  ...(dates ? { dates } : {}),
});

const WHEN: Intl.DateTimeFormatOptions = {
  timeZone: 'Asia/Dhaka',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};

/** A time as people in Bangladesh read it; English as the server always wrote it. */
export const whenWords = (iso: string, language: Language = ENGLISH) =>
  new Date(iso).toLocaleString(
    language.locale === 'en' ? 'en-GB' : language.latinDigits ? 'bn-BD-u-nu-latn' : 'bn-BD',
    WHEN,
  );

/** A saved search in `language`. */
export const writeSearch = (language: Language, { search, categoryNames }: SearchText) =>
  describeSearch(search, categoryNames?.[language.locale], (id, values) =>
    translateServer(language.locale, id, values, language.latinDigits),
  );

/** `text` in `language`; a plain string is a text written before it was in a catalog, kept as it is. */
export function write(language: Language, text: LocalText | string): string {
  if (typeof text === 'string') return translateText(language.locale, text, translateServer);
  const dates = Object.entries(text.dates ?? {}).map(([name, iso]) => [name, whenWords(iso, language)]);
  const parts = Object.entries(text.values ?? {}).map(([name, value]) => [
    name,
    typeof value !== 'object' ? value : 'search' in value ? writeSearch(language, value) : write(language, value),
  ]);
  const values: MessageValues = Object.fromEntries([...parts, ...dates]);
  return translateServer(language.locale, text.id, values, language.latinDigits);
}
