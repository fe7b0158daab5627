import { createBrowserRouter, Outlet } from 'react-router';
import { AppShell } from './AppShell';
import { PrivateRoute } from './auth/PrivateRoute';
import { FullScreenSpinner } from './components/Spinner';
import { PublicLayout } from './layouts/PublicLayout';
import { dashboardRoutes } from './pages/dashboard/routes';
import { HomePage, homeLoader } from './pages/home/HomePage';
import { NotFound } from './pages/NotFound';
import { RouteError } from './pages/RouteError';
import { queryClient } from './queryClient';

/*
 * Home ships in the first download; every other screen (and the form and validation code it brings)
 * loads when it is first opened.
 */
export const router = createBrowserRouter([
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
              { index: true, element: <HomePage />, loader: homeLoader(queryClient) },
              {
                path: 'category/:id',
                lazy: async () => {
                  const { CategoryPage, categoryLoader } = await import('./pages/category/CategoryPage');
                  return { Component: CategoryPage, loader: categoryLoader(queryClient) };
                },
              },
              {
                path: 'productId/:id',
                lazy: async () => {
                  const { ProductPage, productLoader } = await import('./pages/product/ProductPage');
                  return { Component: ProductPage, loader: productLoader(queryClient) };
                },
              },
              {
                path: 'search',
                lazy: async () => ({ Component: (await import('./pages/search/SearchPage')).SearchPage }),
              },
              { path: 'login', lazy: async () => ({ Component: (await import('./pages/auth/LoginPage')).LoginPage }) },
              {
                path: 'register',
                lazy: async () => ({ Component: (await import('./pages/auth/RegisterPage')).RegisterPage }),
              },
              {
                path: 'forgot-password',
                lazy: async () => ({
                  Component: (await import('./pages/account/ForgotPasswordPage')).ForgotPasswordPage,
                }),
              },
              {
                path: 'reset-password',
                lazy: async () => ({
                  Component: (await import('./pages/account/ResetPasswordPage')).ResetPasswordPage,
                }),
              },
              {
                path: 'verify-email',
                lazy: async () => ({ Component: (await import('./pages/account/VerifyEmailPage')).VerifyEmailPage }),
              },
              {
                path: 'unsubscribe',
                lazy: async () => ({ Component: (await import('./pages/account/UnsubscribePage')).UnsubscribePage }),
              },
              { path: 'blog', lazy: async () => ({ Component: (await import('./pages/blog/BlogPage')).BlogPage }) },
              {
                path: 'dashboard',
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
      { path: '*', element: <NotFound /> },
    ],
  },
]);
