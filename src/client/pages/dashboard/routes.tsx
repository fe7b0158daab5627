import type { RouteObject } from 'react-router';
import { DashboardHome } from './DashboardHome';
import { DashboardLayout } from './DashboardLayout';
import { RoleGuard } from './RoleGuard';

/*
 * The role screens load on first visit, so visitors who never open the dashboard do not download
 * the tables, the product form or the confirm dialogs.
 */
const adminScreens: RouteObject[] = [
  { path: 'allseller', lazy: async () => ({ Component: (await import('./admin/AllSellers')).AllSellers }) },
  { path: 'allbuyer', lazy: async () => ({ Component: (await import('./admin/AllBuyers')).AllBuyers }) },
  {
    path: 'sellerverification',
    lazy: async () => ({ Component: (await import('./admin/SellerVerificationRequests')).SellerVerificationRequests }),
  },
  {
    path: 'reported/products',
    lazy: async () => ({ Component: (await import('./admin/ReportedProducts')).ReportedProducts }),
  },
];

const sellerScreens: RouteObject[] = [
  { path: 'addproduct', lazy: async () => ({ Component: (await import('./addProduct/AddProduct')).AddProduct }) },
  {
    path: 'editproduct/:id',
    lazy: async () => ({ Component: (await import('./addProduct/EditProduct')).EditProduct }),
  },
  { path: 'myproducts', lazy: async () => ({ Component: (await import('./seller/MyProducts')).MyProducts }) },
  {
    path: 'bookingrequests',
    lazy: async () => ({ Component: (await import('./deal/BookingRequests')).BookingRequests }),
  },
];

const buyerScreens: RouteObject[] = [
  { path: 'myorders', lazy: async () => ({ Component: (await import('./buyer/MyOrders')).MyOrders }) },
];

/** The /dashboard route's layout and screens; the app's router mounts them under /dashboard behind PrivateRoute. */
export const dashboardRoutes: RouteObject[] = [
  {
    element: <DashboardLayout />,
    children: [
      { index: true, element: <DashboardHome /> },
      {
        path: 'account',
        lazy: async () => ({ Component: (await import('../account/AccountSettings')).AccountSettings }),
      },
      { element: <RoleGuard role="admin" />, children: adminScreens },
      { element: <RoleGuard role="seller" />, children: sellerScreens },
      { element: <RoleGuard role="buyer" />, children: buyerScreens },
    ],
  },
];
