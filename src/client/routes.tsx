import type { QueryClient } from '@tanstack/react-query';
import { Outlet, type RouteObject } from 'react-router';
import { paths, routePatterns } from '#shared/paths';
import { AppShell } from './AppShell';
import { PrivateRoute } from '#client/accounts/PrivateRoute';
import { FullScreenSpinner } from '#client/components/Spinner';
import { lazyScreen } from './lazyScreen';
import { categoryMetaHandle, fixedMeta, productMetaHandle, searchMetaHandle, sellerMetaHandle } from './pageMeta';
import { pageMeta } from '#shared/page-meta';
import { PublicLayout } from '#client/layouts/PublicLayout';
import { dashboardRoutes } from '#client/dashboard/routes';
import { HomePage, homeLoader } from '#client/catalog/HomePage';
import { NotFound } from '#client/layouts/NotFound';
import { RouteError } from '#client/layouts/RouteError';
import { LOCALES } from '#shared/i18n/locales';

/**
 * The public screens, at the spec's addresses. They are mounted three times: at those addresses and
 * under `/bn` and `/en` (the language in the address, docs/i18n.md); each copy is its own objects,
 * as the router fills in a lazy route's object when it loads.
 */
const publicScreens = (queryClient: QueryClient): RouteObject[] => [
  { index: true, element: <HomePage />, loader: homeLoader(queryClient), handle: fixedMeta(pageMeta.home) },
  {
    path: routePatterns.category,
    handle: categoryMetaHandle,
    lazy: async () => {
      const { CategoryPage, categoryLoader } = await import('#client/catalog/CategoryPage');
      return { Component: CategoryPage, loader: categoryLoader(queryClient) };
    },
  },
  {
    path: routePatterns.product,
    handle: productMetaHandle,
    lazy: async () => {
      const { ProductPage, productLoader } = await import('#client/catalog/ProductPage');
      return { Component: ProductPage, loader: productLoader(queryClient) };
    },
  },
  {
    path: routePatterns.seller,
    handle: sellerMetaHandle,
    lazy: async () => {
      const { SellerPage, sellerLoader } = await import('#client/reviews/SellerPage');
      return { Component: SellerPage, loader: sellerLoader(queryClient) };
    },
  },
  {
    ...lazyScreen(paths.search, async () => (await import('#client/search/SearchPage')).SearchPage),
    handle: searchMetaHandle,
  },
  {
    ...lazyScreen(paths.login, async () => (await import('#client/accounts/LoginPage')).LoginPage),
    handle: fixedMeta(pageMeta.login),
  },
  {
    ...lazyScreen(paths.register, async () => (await import('#client/accounts/RegisterPage')).RegisterPage),
    handle: fixedMeta(pageMeta.register),
  },
  {
    ...lazyScreen(
      paths.forgotPassword,
      async () => (await import('#client/accounts/ForgotPasswordPage')).ForgotPasswordPage,
    ),
    handle: fixedMeta(pageMeta.forgotPassword),
  },
  {
    ...lazyScreen(
      paths.resetPassword,
      async () => (await import('#client/accounts/ResetPasswordPage')).ResetPasswordPage,
    ),
    handle: fixedMeta(pageMeta.resetPassword),
  },
  {
    ...lazyScreen(paths.verifyEmail, async () => (await import('#client/accounts/VerifyEmailPage')).VerifyEmailPage),
    handle: fixedMeta(pageMeta.verifyEmail),
  },
  {
    ...lazyScreen(paths.unsubscribe, async () => (await import('#client/accounts/UnsubscribePage')).UnsubscribePage),
    handle: fixedMeta(pageMeta.unsubscribe),
  },
  {
    ...lazyScreen(paths.appeal, async () => (await import('#client/moderation/AppealByLinkPage')).AppealByLinkPage),
    handle: fixedMeta(pageMeta.appeal),
  },
  {
    ...lazyScreen(paths.blog, async () => (await import('#client/help/BlogPage')).BlogPage),
    handle: fixedMeta(pageMeta.blog),
  },
  {
    ...lazyScreen(paths.faq, async () => (await import('#client/help/FaqPage')).FaqPage),
    handle: fixedMeta(pageMeta.faq),
  },
  {
    ...lazyScreen(paths.privacy, async () => (await import('#client/help/PrivacyPage')).PrivacyPage),
    handle: fixedMeta(pageMeta.privacy),
  },
  {
    ...lazyScreen(paths.terms, async () => (await import('#client/help/TermsPage')).TermsPage),
    handle: fixedMeta(pageMeta.terms),
  },
];

/** The same screens under a language prefix: their paths relative to it. */
const underLanguage = (queryClient: QueryClient): RouteObject[] =>
  LOCALES.map((locale) => ({
    path: `/${locale}`,
    children: publicScreens(queryClient).map((route) =>
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
              ...publicScreens(queryClient),
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
