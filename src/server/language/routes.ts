import { areaRoutes } from '#server/http/routes';
import { DIGITS_COOKIE, LATIN_DIGITS, readCookie } from '#shared/i18n/addresses';
import { languageChoiceSchema } from '#shared/i18n/language';
import { LANG_COOKIE } from '#shared/i18n/locales';
import { identify } from '#server/auth/guards';
import { privateWrite } from '#server/cache/hooks';
import { saveLanguage } from '#server/users/repository';

/** A choice of language is kept a year; choosing again renews it. */
const CHOICE_SECONDS = 365 * 24 * 60 * 60;

/**
 * PUT /api/language (docs/i18n.md): remembers the language, for anyone, in the `lang` cookie (and
 * the digits in `digits`); a signed-in account keeps it too, so its mail, notifications and pushes
 * are written in it. The cookies are readable by the page (not httpOnly): they hold a preference,
 * nothing secret. Public answers show no one's language, so the public cache stays.
 */
export const languageRoutes = areaRoutes(async (app, deps) => {
  app.put(
    '/language',
    { schema: { body: languageChoiceSchema, response: { 200: languageChoiceSchema } }, config: privateWrite },
    async (request, reply) => {
      const caller = await identify(request);
      const { locale } = request.body;
      // Digits left out keep what was chosen before: the account's, else this browser's.
      const latinDigits =
        request.body.latinDigits ??
        caller?.user.latin_digits ??
        readCookie(request.headers.cookie, DIGITS_COOKIE) === LATIN_DIGITS;
      if (caller) await saveLanguage(deps.db, caller.user.id, locale, latinDigits);
      const cookie = { path: '/', sameSite: 'lax', secure: deps.config.secureCookies, maxAge: CHOICE_SECONDS } as const;
      reply.setCookie(LANG_COOKIE, locale, cookie);
      if (latinDigits) reply.setCookie(DIGITS_COOKIE, LATIN_DIGITS, cookie);
      else reply.clearCookie(DIGITS_COOKIE, { path: '/' });
      return { locale, latinDigits };
    },
  );
});
