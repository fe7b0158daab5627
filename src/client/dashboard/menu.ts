import { paths } from '#shared/paths';
import type { Roles } from '#client/accounts/api/roles';
import type { MessageId } from '#client/i18n';

export interface MenuEntry {
  to: string;
  /** The entry's words, from the dashboard's catalog. */
  label: MessageId;
}

const home: MenuEntry = { to: paths.dashboard, label: 'dashboard.menu.home' };

const adminEntries: MenuEntry[] = [
  { to: paths.allSellers, label: 'dashboard.menu.allSellers' },
  { to: paths.allBuyers, label: 'dashboard.menu.allBuyers' },
  { to: paths.sellerVerification, label: 'dashboard.menu.sellerVerification' },
  { to: paths.reportedProducts, label: 'dashboard.menu.reportedProducts' },
  { to: paths.moderation, label: 'dashboard.menu.moderation' },
  { to: paths.reportedReviews, label: 'dashboard.menu.reportedReviews' },
  { to: paths.listingReviews, label: 'dashboard.menu.listingReviews' },
];

const sellerEntries: MenuEntry[] = [
  { to: paths.addProduct, label: 'dashboard.menu.addProduct' },
  { to: paths.myProducts, label: 'dashboard.menu.myProducts' },
  { to: paths.bookingRequests, label: 'dashboard.menu.bookingRequests' },
];

const buyerEntries: MenuEntry[] = [{ to: paths.myOrders, label: 'dashboard.menu.myOrders' }];

/** A buyer who does not sell yet: the way to, with the same account. */
const startSelling: MenuEntry = { to: paths.startSelling, label: 'dashboard.menu.startSelling' };
/** Buyers' and sellers' conversations. */
const inbox: MenuEntry = { to: paths.inbox, label: 'dashboard.menu.inbox' };
/** Saved searches that alert, for everyone who buys. */
const alerts: MenuEntry = { to: paths.myAlerts, label: 'dashboard.menu.myAlerts' };

/** What moderators decided about the account, with its appeals (docs/moderation.md). */
const standing: MenuEntry = { to: paths.accountStanding, label: 'dashboard.menu.accountStanding' };

/** Every role's, after the role screens. */
const account: MenuEntry = { to: paths.account, label: 'dashboard.menu.account' };

/**
 * The side menu of a user with these roles: everyone has the home entry, then each role's screens.
 * A seller buys too, so has both; a buyer is offered to start selling.
 */
export function menuFor(roles: Roles): MenuEntry[] {
  return [
    home,
    ...(roles.isAdmin ? adminEntries : []),
    ...(roles.isSeller ? sellerEntries : []),
    ...(roles.isBuyer ? buyerEntries : []),
    ...(roles.isBuyer && !roles.isSeller ? [startSelling] : []),
    ...(roles.isBuyer || roles.isSeller ? [inbox] : []),
    ...(roles.isBuyer || roles.isSeller ? [standing] : []),
    ...(roles.isBuyer || roles.isSeller ? [alerts] : []),
    account,
  ];
}
