import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { createIntl, createIntlCache, RawIntlProvider } from 'react-intl';
import { handOutside } from './outside';
import { formattersOf } from './format';
import type { Locale } from '#shared/i18n/locales';
import type { LanguageChoice } from '#shared/i18n/language';
import { pathInLocale } from '#shared/i18n/addresses';
import type { Catalog } from './catalogFiles';
import { intlTag } from './intlTag';
import { switchLanguage } from './switchLanguage';

/** What a page is shown in: its language, the digits chosen, its catalog (the pseudo one in tests). */
export interface I18nSetup {
  locale: Locale;
  latinDigits: boolean;
  catalog: Catalog;
  /** The pseudo-locale (pseudo.ts): formatted numbers and dates are marked too. */
  pseudo?: boolean;
  /**
   * The whole catalog on its way, when `catalog` holds only the messages of the page the server
   * rendered (pageSetup.ts): merged into `catalog` when it arrives.
   */
  rest?: Promise<Catalog>;
}

export interface LocaleState {
  locale: Locale;
  latinDigits: boolean;
  pseudo: boolean;
  /** Remembers the choice (cookie, and the account's when signed in) and shows the page in it. */
  setLocale: (locale: Locale) => void;
  /** Remembers whether numbers on Bangla pages use Latin digits, and shows the page so. */
  setLatinDigits: (latinDigits: boolean) => void;
  /** The same as a promise, settled when the choice could not be saved (the page reloads when it was). */
  choose: (choice: LanguageChoice) => Promise<void>;
  /** The address of a public page in the page's language (`/bn/category/x`); English keeps the spec's. */
  localePath: (path: string) => string;
}

const LocaleContext = createContext<LocaleState | null>(null);

/** Formatters made once per language, shared by every render. */
const intlCache = createIntlCache();

export function useLocale(): LocaleState {
  const state = useContext(LocaleContext);
  if (!state) throw new Error('useLocale is used outside I18nProvider');
  return state;
}

/** The language of everything inside, on the server and in the browser alike (AppProviders). */
export function I18nProvider({ setup, children }: { setup: I18nSetup; children: ReactNode }) {
  const { locale, latinDigits, catalog, pseudo = false, rest } = setup;
  // Whether a message was asked for before the rest of the catalog came (a toast, a signed-in
  // header): then everything is shown again once it has, with the catalog as a new object.
  const missed = useRef(false);
  const [messages, setMessages] = useState(catalog);
  const intl = useMemo(
    () =>
      createIntl(
        {
          locale: intlTag(locale, latinDigits),
          defaultLocale: 'en-GB',
          messages,
          ...(rest && {
            onError: (error: { code: string }) => {
              if (error.code === 'MISSING_TRANSLATION') missed.current = true;
            },
          }),
        },
        intlCache,
      ),
    [locale, latinDigits, messages, rest],
  );
  useEffect(() => {
    let live = true;
    rest?.then(
      (whole) => {
        // In place: what is on screen used the page's messages only, and shows the same with the rest.
        Object.assign(catalog, whole);
        if (live && missed.current) startTransition(() => setMessages({ ...catalog }));
      },
      (error: unknown) => console.error('Could not load the rest of the messages', error),
    );
    return () => {
      live = false;
    };
  }, [catalog, rest]);
  const price = useMemo(() => formattersOf(locale, latinDigits, pseudo).price, [locale, latinDigits, pseudo]);
  const failed = intl.formatMessage({ id: 'i18n.language.failed' });
  const state = useMemo<LocaleState>(
    () => ({
      locale,
      latinDigits,
      pseudo,
      setLocale: (next) => void switchLanguage({ locale: next, latinDigits }, failed),
      setLatinDigits: (next) => void switchLanguage({ locale, latinDigits: next }, failed),
      choose: (choice) => switchLanguage(choice, failed),
      localePath: (path) => (locale === 'en' ? path : pathInLocale(locale, path)),
    }),
    [locale, latinDigits, pseudo, failed],
  );
  // In the browser only (one page, one language), and as it renders: a table's headers are made
  // with translateNow during the first render already.
  if (typeof window !== 'undefined') handOutside(intl, price);
  return (
    <LocaleContext.Provider value={state}>
      <RawIntlProvider value={intl}>{children}</RawIntlProvider>
    </LocaleContext.Provider>
  );
}
