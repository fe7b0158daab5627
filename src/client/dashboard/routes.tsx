import type { RouteObject } from 'react-router';
import { paths, routePatterns } from '#shared/paths';
import { lazyScreen } from '#client/lazyScreen';
import { RoleGuard } from './RoleGuard';

/*
 * The layout, its menu and every screen load on first visit, so visitors who never open the
 * dashboard do not download the menu, the tables, the product form or the confirm dialogs.
 */
const adminScreens: RouteObject[] = [
  lazyScreen(paths.allSellers, async () => (await import('#client/admin/AllSellers')).AllSellers),
  lazyScreen(paths.allBuyers, async () => (await import('#client/admin/AllBuyers')).AllBuyers),
  lazyScreen(
    paths.sellerVerification,
    async () => (await import('#client/admin/SellerVerificationRequests')).SellerVerificationRequests,
  ),
  lazyScreen(paths.reportedProducts, async () => (await import('#client/admin/ReportedProducts')).ReportedProducts),
  lazyScreen(paths.moderation, async () => (await import('#client/moderation/ModerationQueue')).ModerationQueue),
  lazyScreen(routePatterns.moderationCase, async () => (await import('#client/moderation/CaseScreen')).CaseScreen),
  lazyScreen(paths.moderationLog, async () => (await import('#client/moderation/ModerationLog')).ModerationLog),
  lazyScreen(paths.moderationAppeals, async () => (await import('#client/moderation/AppealsScreen')).AppealsScreen),
  lazyScreen(paths.reportedReviews, async () => (await import('#client/reviews/ReportedReviews')).ReportedReviews),
  lazyScreen(paths.listingReviews, async () => (await import('#client/trust/ListingReviews')).ListingReviews),
];

const sellerScreens: RouteObject[] = [
  lazyScreen(paths.addProduct, async () => (await import('#client/listings/AddProduct')).AddProduct),
  lazyScreen(routePatterns.editProduct, async () => (await import('#client/listings/EditProduct')).EditProduct),
  lazyScreen(paths.myProducts, async () => (await import('#client/listings/MyProducts')).MyProducts),
  lazyScreen(paths.bookingRequests, async () => (await import('#client/deal/BookingRequests')).BookingRequests),
];

const buyerScreens: RouteObject[] = [
  lazyScreen(paths.myOrders, async () => (await import('#client/deal/MyOrders')).MyOrders),
];

/** The /dashboard route's layout and screens; the app's router mounts them at paths.dashboard behind PrivateRoute. */
export const dashboardRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('./DashboardLayout')).DashboardLayout }),
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./DashboardHome')).DashboardHome }) },
      lazyScreen(paths.account, async () => (await import('#client/accounts/AccountSettings')).AccountSettings),
      lazyScreen(paths.startSelling, async () => (await import('#client/accounts/StartSelling')).StartSelling),
      lazyScreen(paths.inbox, async () => (await import('#client/chat/Inbox')).Inbox),
      lazyScreen(paths.myAlerts, async () => (await import('#client/alerts/MyAlerts')).MyAlerts),
      lazyScreen(
        paths.accountStanding,
        async () => (await import('#client/moderation/AccountStanding')).AccountStanding,
      ),
      lazyScreen(
        routePatterns.conversation,
        async () => (await import('#client/chat/ConversationScreen')).ConversationScreen,
      ),
      { element: <RoleGuard role="admin" />, children: adminScreens },
      { element: <RoleGuard role="seller" />, children: sellerScreens },
      { element: <RoleGuard role="buyer" />, children: buyerScreens },
    ],
  },
];
