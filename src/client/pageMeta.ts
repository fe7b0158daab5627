import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useMatches, type Params, type UIMatch } from 'react-router';
import type { Locale } from '#shared/i18n/locales';
import type { PageMeta } from '#shared/page-meta';
import { useLocale } from '#client/i18n';

/*
 * A route's title and description, from what its loader read: the same function gives the browser
 * its document title and the server the head of a page it renders (render/entry.tsx).
 */

type MetaOf = (queryClient: QueryClient, params: Params, url: URL, locale: Locale) => PageMeta | undefined;

/** A route's `handle`: what its page is called. */
export interface MetaHandle {
  meta: MetaOf;
}

export const metaHandle = (meta: MetaOf): MetaHandle => ({ meta });
export const fixedMeta = (meta: (locale: Locale) => PageMeta): MetaHandle => ({
  meta: (_, __, ___, locale) => meta(locale),
});

const hasMeta = (handle: unknown): handle is MetaHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as MetaHandle).meta === 'function';

/** The meta of the deepest matched route that has one (a dashboard screen has its layout's). */
export function metaOfMatches(
  matches: Array<Pick<UIMatch, 'handle' | 'params'>>,
  queryClient: QueryClient,
  url: URL,
  locale: Locale,
): PageMeta | undefined {
  for (const match of [...matches].reverse()) {
    if (hasMeta(match.handle)) return match.handle.meta(queryClient, match.params, url, locale);
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

/** Keeps the document's title and description those of the page on screen. */
export function usePageMeta(): void {
  const matches = useMatches();
  const queryClient = useQueryClient();
  const location = useLocation();
  const { locale } = useLocale();
  useEffect(() => {
    const meta = metaOfMatches(matches, queryClient, new URL(window.location.href), locale);
    if (!meta) return;
    document.title = meta.title;
    setDescription(meta.description);
  }, [matches, queryClient, location, locale]);
}
