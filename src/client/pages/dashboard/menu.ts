import { paths } from '../../../shared/paths';
import type { Roles } from '../../api/roles';

export interface MenuEntry {
  to: string;
  label: string;
}

const home: MenuEntry = { to: '/dashboard', label: 'Dashboard Home' };

const adminEntries: MenuEntry[] = [
  { to: '/dashboard/allseller', label: 'All Seller' },
  { to: '/dashboard/allbuyer', label: 'All Buyer' },
  { to: '/dashboard/sellerverification', label: 'Seller Verification Request' },
  { to: '/dashboard/reported/products', label: 'Reported product' },
];

const sellerEntries: MenuEntry[] = [
  { to: '/dashboard/addproduct', label: 'Add Product' },
  { to: '/dashboard/myproducts', label: 'My Product' },
  { to: paths.bookingRequests, label: 'Booking requests' },
];

const buyerEntries: MenuEntry[] = [{ to: '/dashboard/myorders', label: 'My orders' }];

/** Every role's, after the role screens. */
const account: MenuEntry = { to: '/dashboard/account', label: 'Account settings' };

/** The side menu of a user with these roles: everyone has the home entry, then each role's screens. */
export function menuFor(roles: Roles): MenuEntry[] {
  return [
    home,
    ...(roles.isAdmin ? adminEntries : []),
    ...(roles.isSeller ? sellerEntries : []),
    ...(roles.isBuyer ? buyerEntries : []),
    account,
  ];
}
