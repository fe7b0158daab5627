import type { RegisterRole } from '#shared/auth';

/** What every visitor sees alike: it outlives a sign-out. */
const publicRoot = ['public'] as const;

/** What only the signed-in account may see: a sign-out removes all of it, so the next account never sees it. */
export const privateRoot = ['private'] as const;

/**
 * Every query's key. A key is a list, so a prefix names a whole group: invalidating `products.one(id)`
 * refreshes that phone's page, and removing `privateRoot` forgets everything of the last account.
 */
export const queryKeys = {
  products: {
    /** The spec's 'products' key, for the advertised list, under the public root. */
    advertised: [...publicRoot, 'products'] as const,
    banner: [...publicRoot, 'products', 'banner'] as const,
    one: (id: string) => [...publicRoot, 'products', 'one', id] as const,
  },
  categories: {
    all: [...publicRoot, 'categories'] as const,
    info: (id: string) => [...publicRoot, 'categories', id] as const,
  },
  search: {
    results: (params: string) => [...publicRoot, 'search', 'results', params] as const,
    suggestions: (text: string) => [...publicRoot, 'search', 'suggestions', text] as const,
  },
  sellerVerified: {
    all: [...publicRoot, 'sellerVerified'] as const,
    of: (email: string) => [...publicRoot, 'sellerVerified', email] as const,
  },
  /** Whether the signed-in user booked or reported a phone; per email, so a switch of account never shows another's. */
  productActivity: {
    of: (id: string) => [...privateRoot, 'productActivity', id] as const,
    mine: (id: string, email: string) => [...privateRoot, 'productActivity', id, email] as const,
  },
  roles: (role: string, email: string) => [...privateRoot, 'roles', role, email] as const,
  mailSettings: [...privateRoot, 'mailSettings'] as const,
  signedInDevices: [...privateRoot, 'signedInDevices'] as const,
  orders: {
    all: [...privateRoot, 'orders'] as const,
    mine: (email: string) => [...privateRoot, 'orders', email] as const,
  },
  bookingRequests: [...privateRoot, 'bookingRequests'] as const,
  sellerProducts: (email: string) => [...privateRoot, 'sellerProducts', email] as const,
  listingReviews: [...privateRoot, 'listingReviews'] as const,
  reportedProducts: [...privateRoot, 'reportedProducts'] as const,
  users: (role: RegisterRole) => [...privateRoot, 'users', `${role}s`] as const,
  verification: {
    all: [...privateRoot, 'verification'] as const,
    requests: [...privateRoot, 'verification', 'requests'] as const,
    own: [...privateRoot, 'verification', 'own'] as const,
  },
  blocked: [...privateRoot, 'blocked'] as const,
  chat: {
    all: [...privateRoot, 'chat'] as const,
    inbox: (side: string) => [...privateRoot, 'chat', 'inbox', side] as const,
    conversation: (id: string) => [...privateRoot, 'chat', 'conversation', id] as const,
    messages: (id: string) => [...privateRoot, 'chat', 'messages', id] as const,
    /** How many conversations have something unread, as the live stream last said. */
    unread: [...privateRoot, 'chat', 'unread'] as const,
  },
  notifications: {
    unread: [...privateRoot, 'notifications', 'unread'] as const,
    list: [...privateRoot, 'notifications', 'list'] as const,
  },
  moderation: {
    all: [...privateRoot, 'moderation'] as const,
    cases: [...privateRoot, 'moderation', 'cases'] as const,
    case: (id: string) => [...privateRoot, 'moderation', 'case', id] as const,
    log: [...privateRoot, 'moderation', 'log'] as const,
    appeals: [...privateRoot, 'moderation', 'appeals'] as const,
    standing: [...privateRoot, 'moderation', 'standing'] as const,
  },
  sellers: {
    profile: (id: string) => [...publicRoot, 'sellers', id] as const,
    reviews: (id: string) => [...publicRoot, 'sellers', id, 'reviews'] as const,
    phones: (id: string) => [...publicRoot, 'sellers', id, 'phones'] as const,
  },
  reviews: {
    ofDeal: (bookingId: string) => [...privateRoot, 'reviews', 'deal', bookingId] as const,
    reported: [...privateRoot, 'reviews', 'reported'] as const,
  },
  alerts: [...privateRoot, 'alerts'] as const,
  fairPrice: (productName: string, condition: string) => [...publicRoot, 'fairPrice', productName, condition] as const,
};
