/** The router's pattern of each screen that takes an id; `pathTo` fills one in. */
export const routePatterns = {
  category: '/category/:id',
  product: '/productId/:id',
  editProduct: '/dashboard/editproduct/:id',
  conversation: '/dashboard/inbox/:id',
  moderationCase: '/dashboard/moderation/case/:id',
  seller: '/seller/:id',
} as const;

const pathTo = (pattern: string) => (id: string) => pattern.replace(':id', encodeURIComponent(id));

/**
 * The web client's screens: the router mounts its routes at these paths, the menu and links point
 * at them, and the server writes them into notifications' links.
 */
export const paths = {
  home: '/',
  category: pathTo(routePatterns.category),
  product: pathTo(routePatterns.product),
  search: '/search',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  unsubscribe: '/unsubscribe',
  appeal: '/appeal',
  blog: '/blog',
  faq: '/faq',
  privacy: '/privacy',
  terms: '/terms',
  dashboard: '/dashboard',
  account: '/dashboard/account',
  startSelling: '/dashboard/start-selling',
  allSellers: '/dashboard/allseller',
  allBuyers: '/dashboard/allbuyer',
  sellerVerification: '/dashboard/sellerverification',
  reportedProducts: '/dashboard/reported/products',
  addProduct: '/dashboard/addproduct',
  editProduct: pathTo(routePatterns.editProduct),
  myProducts: '/dashboard/myproducts',
  bookingRequests: '/dashboard/bookingrequests',
  myOrders: '/dashboard/myorders',
  inbox: '/dashboard/inbox',
  conversation: pathTo(routePatterns.conversation),
  moderation: '/dashboard/moderation',
  moderationCase: pathTo(routePatterns.moderationCase),
  moderationLog: '/dashboard/moderation/log',
  moderationAppeals: '/dashboard/moderation/appeals',
  accountStanding: '/dashboard/account-standing',
  seller: pathTo(routePatterns.seller),
  reportedReviews: '/dashboard/reported/reviews',
  myAlerts: '/dashboard/alerts',
  listingReviews: '/dashboard/listing-reviews',
} as const;
