import type { QueryClient } from '@tanstack/react-query';
import { Outlet, type IndexRouteObject, type NonIndexRouteObject, type RouteObject } from 'react-router';
import type { Category } from '#shared/categories';
import { paths } from '#shared/paths';
import type { Product } from '#shared/products';
import {
  publicPageNames,
  publicPages,
  type PageData,
  type PublicPage,
  type PublicPageName,
} from '#shared/public-pages';
import type { SellerProfile } from '#shared/reviews';
import { queryKeys } from '#client/api/queryKeys';
import { AppShell } from './AppShell';
import { PrivateRoute } from '#client/accounts/PrivateRoute';
import { FullScreenSpinner } from '#client/components/Spinner';
import { lazyComponent, lazyWithLoader } from './lazyScreen';
import { fixedMeta, metaHandle } from './pageMeta';
import { pageMeta } from '#shared/page-meta';
import { PublicLayout } from '#client/layouts/PublicLayout';
import { dashboardRoutes } from '#client/dashboard/routes';
import { HomePage, homeLoader } from '#client/catalog/HomePage';
import { NotFound } from '#client/layouts/NotFound';
import { RouteError } from '#client/layouts/RouteError';
import { LOCALES } from '#shared/i18n/locales';

/** A public page's screen: its component and loader, and where its title finds the data it is made from. */
interface Screen<Data> {
  // Home is an index route, the others have paths: what a screen gives suits both.
  route: (
    queryClient: QueryClient,
  ) => Pick<IndexRouteObject, 'element' | 'loader' | 'lazy'> & Pick<NonIndexRouteObject, 'lazy'>;
  data?: (queryClient: QueryClient, id: string) => Data | undefined;
}

/**
 * The screen of each public page (src/shared/public-pages.ts); its type asks for one per entry. Home
 * ships in the first download, the others load when first opened.
 */
export const publicScreens: { [Name in PublicPageName]: Screen<PageData<Name>> } = {
  home: { route: (queryClient) => ({ element: <HomePage />, loader: homeLoader(queryClient) }) },
  category: {
    route: lazyWithLoader(() => import('#client/catalog/CategoryPage'), 'CategoryPage', 'categoryLoader'),
    data: (queryClient, id) => queryClient.getQueryData<Category>(queryKeys.categories.info(id)),
  },
  product: {
    route: lazyWithLoader(() => import('#client/catalog/ProductPage'), 'ProductPage', 'productLoader'),
    data: (queryClient, id) => queryClient.getQueryData<Product>(queryKeys.products.one(id)),
  },
  seller: {
    route: lazyWithLoader(() => import('#client/reviews/SellerPage'), 'SellerPage', 'sellerLoader'),
    data: (queryClient, id) => queryClient.getQueryData<SellerProfile>(queryKeys.sellers.profile(id)),
  },
  search: {
    route: (queryClient) => ({
      lazy: async () => {
        const { SearchPage, searchLoader } = await import('#client/search/SearchPage');
        return { Component: SearchPage, loader: searchLoader(queryClient) };
      },
    }),
  },
  login: { route: () => lazyComponent(async () => (await import('#client/accounts/LoginPage')).LoginPage) },
  register: { route: () => lazyComponent(async () => (await import('#client/accounts/RegisterPage')).RegisterPage) },
  forgotPassword: {
    route: () => lazyComponent(async () => (await import('#client/accounts/ForgotPasswordPage')).ForgotPasswordPage),
  },
  resetPassword: {
    route: () => lazyComponent(async () => (await import('#client/accounts/ResetPasswordPage')).ResetPasswordPage),
  },
  verifyEmail: {
    route: () => lazyComponent(async () => (await import('#client/accounts/VerifyEmailPage')).VerifyEmailPage),
  },
  unsubscribe: {
    route: () => lazyComponent(async () => (await import('#client/accounts/UnsubscribePage')).UnsubscribePage),
  },
  appeal: {
    route: () => lazyComponent(async () => (await import('#client/moderation/AppealByLinkPage')).AppealByLinkPage),
  },
  blog: { route: () => lazyComponent(async () => (await import('#client/help/BlogPage')).BlogPage) },
  faq: { route: () => lazyComponent(async () => (await import('#client/help/FaqPage')).FaqPage) },
  privacy: { route: () => lazyComponent(async () => (await import('#client/help/PrivacyPage')).PrivacyPage) },
  terms: { route: () => lazyComponent(async () => (await import('#client/help/TermsPage')).TermsPage) },
};

/** The route of one public page: its screen, and its title from the table's `meta`. */
function publicRoute(name: PublicPageName, queryClient: QueryClient): RouteObject {
  // publicScreens' type gives each screen its page's data: taken by one name, the two agree.
  const page = publicPages[name] as PublicPage<unknown>;
  const screen = publicScreens[name] as Screen<unknown>;
  const handle = metaHandle((client, params, url, language) => {
    const id = params.id ?? '';
    return page.meta({ language, id, url, data: screen.data?.(client, id) });
  });
  const route = { ...screen.route(queryClient), handle };
  return page.path === paths.home ? { ...route, index: true } : { ...route, path: page.path };
}

/**
 * The public screens, at the spec's addresses. They are mounted three times: at those addresses and
 * under `/bn` and `/en` (the language in the address, docs/i18n.md); each copy is its own objects,
 * as the router fills in a lazy route's object when it loads.
 */
const publicRoutes = (queryClient: QueryClient): RouteObject[] =>
  publicPageNames.map((name) => publicRoute(name, queryClient));

/** The same screens under a language prefix: their paths relative to it. */
const underLanguage = (queryClient: QueryClient): RouteObject[] =>
  LOCALES.map((locale) => ({
    path: `/${locale}`,
    children: publicRoutes(queryClient).map((route) =>
      route.path ? { ...route, path: route.path.replace(/^\//, '') } : route,
    ),
  }));

/**
 * Every screen, its loader reading into `queryClient`: the browser's client, or on the server the one
 * a page is rendered with (src/client/render/entry.tsx). Home ships in the first download; every
 * other screen (and the form and validation code it brings) loads when it is first opened.
 */
export const appRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            // Errors of one screen render inside the layout, so the header and footer stay usable.
            errorElement: <RouteError />,
            children: [
              ...publicRoutes(queryClient),
              ...underLanguage(queryClient),
              {
                path: paths.dashboard,
                handle: fixedMeta(pageMeta.dashboard),
                element: (
                  <PrivateRoute>
                    <Outlet />
                  </PrivateRoute>
                ),
                children: dashboardRoutes,
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFound />, handle: fixedMeta(pageMeta.notFound) },
    ],
  },
];
