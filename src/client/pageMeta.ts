import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useMatches, type Params, type UIMatch } from 'react-router';
import type { MetaLanguage, PageMeta } from '#shared/page-meta';
import { useLocale } from '#client/i18n';

/*
 * A route's title and description, from what its loader read: the same function gives the browser
 * its document title and the server the head of a page it renders (render/entry.tsx).
 */

type MetaOf = (queryClient: QueryClient, params: Params, url: URL, language: MetaLanguage) => PageMeta | undefined;

/** A route's `handle`: what its page is called. */
export interface MetaHandle {
  meta: MetaOf;
}

export const metaHandle = (meta: MetaOf): MetaHandle => ({ meta });
export const fixedMeta = (meta: (language: MetaLanguage) => PageMeta): MetaHandle => ({
  meta: (_, __, ___, language) => meta(language),
});

const hasMeta = (handle: unknown): handle is MetaHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as MetaHandle).meta === 'function';

/** The meta of the deepest matched route that has one (a dashboard screen has its layout's). */
export function metaOfMatches(
  matches: Array<Pick<UIMatch, 'handle' | 'params'>>,
  queryClient: QueryClient,
  url: URL,
  language: MetaLanguage,
): PageMeta | undefined {
  for (const match of [...matches].reverse()) {
    if (hasMeta(match.handle)) return match.handle.meta(queryClient, match.params, url, language);
  }
  return undefined;
}

function setDescription(description: string) {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  tag.content = description;
}

/**
 * Keeps the document's title and description those of the page on screen, in the words of the
 * page's own catalog (which holds the shared messages too).
 */
export function usePageMeta(): void {
  const matches = useMatches();
  const queryClient = useQueryClient();
  const location = useLocation();
  const { locale } = useLocale();
  const intl = useIntl();
  const language = useMemo(
    (): MetaLanguage => ({ locale, text: (id, values) => intl.formatMessage({ id }, values) }),
    [locale, intl],
  );
  useEffect(() => {
    const meta = metaOfMatches(matches, queryClient, new URL(window.location.href), language);
    if (!meta) return;
    document.title = meta.title;
    setDescription(meta.description);
  }, [matches, queryClient, location, language]);
}
