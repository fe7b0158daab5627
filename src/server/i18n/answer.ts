import type { FastifyRequest } from 'fastify';
import { DIGITS_COOKIE, LATIN_DIGITS, readCookie } from '#shared/i18n/addresses';
import { requestLocale } from '#server/http/locale';
import { localText, write, type Language, type LocalText, type ServerMessageId, type TextValues } from './texts';

/** The request's language, numbers in Latin digits when the visitor chose them (the `digits` cookie). */
export const requestLanguage = (request: Pick<FastifyRequest, 'headers'>): Language => ({
  locale: requestLocale(request),
  latinDigits: readCookie(request.headers.cookie, DIGITS_COOKIE) === LATIN_DIGITS,
});

/** A success answer's `message`, in the request's language (English with neither cookie nor header). */
export const answerText = (request: Pick<FastifyRequest, 'headers'>, text: LocalText) =>
  write(requestLanguage(request), text);

/** A success answer that is only its message, in the request's language. */
export const answerMessage = (request: Pick<FastifyRequest, 'headers'>, id: ServerMessageId, values?: TextValues) => ({
  message: answerText(request, localText(id, values)),
});
