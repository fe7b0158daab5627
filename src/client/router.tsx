import { createBrowserRouter, Outlet } from 'react-router';
import { AppShell } from './AppShell';
import { PrivateRoute } from './auth/PrivateRoute';
import { PublicLayout } from './layouts/PublicLayout';
import { LoginPage } from './pages/auth/LoginPage';
import { RegisterPage } from './pages/auth/RegisterPage';
import { BlogPage } from './pages/blog/BlogPage';
import { CategoryPage, categoryLoader } from './pages/category/CategoryPage';
import { dashboardRoutes } from './pages/dashboard/routes';
import { HomePage, homeLoader } from './pages/home/HomePage';
import { NotFound } from './pages/NotFound';
import { ProductPage, productLoader } from './pages/product/ProductPage';
import { RouteError } from './pages/RouteError';
import { queryClient } from './queryClient';

export const router = createBrowserRouter([
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            // Errors of one screen render inside the layout, so the header and footer stay usable.
            errorElement: <RouteError />,
            children: [
              { index: true, element: <HomePage />, loader: homeLoader(queryClient) },
              { path: 'category/:id', element: <CategoryPage />, loader: categoryLoader(queryClient) },
              { path: 'productId/:id', element: <ProductPage />, loader: productLoader(queryClient) },
              { path: 'login', element: <LoginPage /> },
              { path: 'register', element: <RegisterPage /> },
              { path: 'blog', element: <BlogPage /> },
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
