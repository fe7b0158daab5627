import { EVERYTHING } from '#server/cache/tags';

/*
 * What each write call of the API drops from the public cache, by kind of tag (cache/tags.ts): the
 * invalidation table of docs/performance.md. tests/cache-invalidation.test.ts fails for a write
 * route missing here, and the authorization matrix, which makes every call, checks that no call
 * drops a kind its row does not list.
 */

export type TagKind = 'listing' | 'seller' | 'list' | 'search' | 'fair-price' | 'reviews' | 'categories' | '*';

/** The kind of a tag: `list:category:…` is a list, `listing:…` a listing. */
export const kindOf = (tag: string): TagKind => (tag === EVERYTHING ? '*' : (tag.split(':')[0] as TagKind));

/** Nothing public changes: the cache stays whole. */
const NOTHING: readonly TagKind[] = [];
/**
 * A listing written: its page and the lists showing it, the searches that could count it, the fair
 * prices; the lists it entered or left (a seller's list is also their page's count of sales).
 */
const LISTING: readonly TagKind[] = ['listing', 'search', 'fair-price', 'list'];
/** A listing's trust marks read again, on sale or not as before: the listing wherever it shows, and searches. */
const LISTING_SHOWN: readonly TagKind[] = ['listing', 'search', 'fair-price'];
/** A phone reserved or no longer: the listing wherever it shows. */
const RESERVATION: readonly TagKind[] = ['listing'];
/** The advertised list and the listing that entered or left it. */
const ADVERTISING: readonly TagKind[] = ['listing', 'list'];
/** A name or photo: the seller's page and listings, the reviews they wrote. */
const PROFILE: readonly TagKind[] = ['seller', 'reviews'];
const REVIEWS: readonly TagKind[] = ['reviews'];
/** A moderator's decision or its undoing: listings held or given back, reviews hidden or shown. */
const MODERATION: readonly TagKind[] = [...LISTING, 'reviews'];
/**
 * An account deleted: its listings as a listing write (every search, their lists), its seller page,
 * the reviews it wrote or was given, the phones its bookings had reserved.
 */
const ACCOUNT: readonly TagKind[] = [...LISTING, 'seller', 'reviews'];

export const WRITE_DROPS: Record<string, readonly TagKind[]> = {
  'DELETE /api/account/blocked/:id': NOTHING,
  'DELETE /api/account/sessions/:id': NOTHING,
  'DELETE /api/advertise/product/:id': ADVERTISING,
  'DELETE /api/alerts/:id': NOTHING,
  'DELETE /api/buyers/:id': ACCOUNT,
  'DELETE /api/delete/product/:id': LISTING,
  'DELETE /api/product/delete/:id': LISTING,
  'DELETE /api/reported/product/delete/:id': NOTHING,
  'DELETE /api/sellers/:id': ACCOUNT,
  'POST /api/account/appeals': NOTHING,
  'POST /api/account/delete': ACCOUNT,
  'POST /api/account/forgot-password': NOTHING,
  'POST /api/account/password': NOTHING,
  'POST /api/account/reset-password': NOTHING,
  'POST /api/account/sign-out-others': NOTHING,
  'POST /api/account/start-selling': PROFILE,
  'POST /api/account/unsubscribe': NOTHING,
  'POST /api/account/verify-email': NOTHING,
  'POST /api/account/verify-email/resend': NOTHING,
  'POST /api/addUser': PROFILE,
  'POST /api/alerts': NOTHING,
  'POST /api/auth/login': NOTHING,
  'POST /api/auth/logout': NOTHING,
  'POST /api/auth/signup': NOTHING,
  'POST /api/auth/update': PROFILE,
  'POST /api/bookings/:id/not-as-described': NOTHING,
  'POST /api/bookings/:id/review': REVIEWS,
  'POST /api/conversations': NOTHING,
  'POST /api/conversations/:id/messages': NOTHING,
  'POST /api/conversations/:id/offers': NOTHING,
  'POST /api/moderation/appeals/by-link': NOTHING,
  'POST /api/moderation/cases/:id/actions': MODERATION,
  'POST /api/moderation/reports/conversation': NOTHING,
  'POST /api/moderation/reports/user': NOTHING,
  'POST /api/push/subscriptions': NOTHING,
  'POST /api/push/unsubscribe': NOTHING,
  'POST /api/report/product': NOTHING,
  'POST /api/reviews/:id/report': NOTHING,
  'POST /api/seller/verification': NOTHING,
  'POST /api/store/booking/product': NOTHING,
  'POST /api/store_products': LISTING,
  'POST /api/uploads': NOTHING,
  'PUT /api/account/mail-settings': NOTHING,
  'PUT /api/admin/listing-reviews/:id/approve': LISTING,
  'PUT /api/admin/listing-reviews/:id/reject': NOTHING,
  'PUT /api/admin/verification-photos/:id/approve': LISTING,
  'PUT /api/admin/verification-photos/:id/reject': LISTING_SHOWN,
  'PUT /api/advertise/product/:id': ADVERTISING,
  'PUT /api/alerts/:id': NOTHING,
  'PUT /api/bookings/:id/accept': RESERVATION,
  'PUT /api/bookings/:id/cancel': RESERVATION,
  'PUT /api/bookings/:id/decline': RESERVATION,
  'PUT /api/bookings/:id/sold': LISTING,
  'PUT /api/conversations/:id/block': NOTHING,
  'PUT /api/conversations/:id/read': NOTHING,
  'PUT /api/edit/product/:id': LISTING,
  'PUT /api/hide/product/:id': LISTING,
  'PUT /api/moderation/appeals/:id': MODERATION,
  'PUT /api/language': NOTHING,
  'PUT /api/notifications/read': NOTHING,
  'PUT /api/offers/:id/accept': RESERVATION,
  'PUT /api/offers/:id/counter': NOTHING,
  'PUT /api/offers/:id/decline': NOTHING,
  'PUT /api/offers/:id/withdraw': NOTHING,
  'PUT /api/products/:id/verification-photo': NOTHING,
  'PUT /api/push/settings': NOTHING,
  'PUT /api/resubmit/product/:id': LISTING,
  'PUT /api/reviews/:id/dismiss': NOTHING,
  'PUT /api/reviews/:id/hide': REVIEWS,
  'PUT /api/reviews/:id/reply': REVIEWS,
  'PUT /api/show/product/:id': LISTING,
  'PUT /api/sold/product/:id': LISTING,
  'PUT /api/verify_seller': ['seller', 'search'],
};

/**
 * What each housekeeping job drops (src/server/housekeeping.ts): everything for a job that does not
 * say its repositories name what it changes (`changesPublic`).
 */
export const JOB_DROPS: Record<string, readonly TagKind[]> = {
  'unused uploads': NOTHING,
  'expired sessions': NOTHING,
  'expired booking requests': NOTHING,
  'expired offers': NOTHING,
  'reviews at their deadline': REVIEWS,
  'old mail and mailed links': NOTHING,
  'old notifications': NOTHING,
  'ended limit counters': NOTHING,
  'ended restrictions': NOTHING,
  /** The estimates, and the searches for good prices that could count a listing whose mark flipped. */
  'fair prices': ['fair-price', 'search'],
  'old alert matches': NOTHING,
};

const unlisted = (allowed: readonly TagKind[], dropped: Iterable<string>): TagKind[] =>
  allowed.includes('*') ? [] : [...new Set([...dropped].map(kindOf))].filter((kind) => !allowed.includes(kind));

/** The kinds of `dropped` its table row does not allow (none for a row allowing `*`). */
export const unlistedDrops = (route: string, dropped: Iterable<string>) =>
  unlisted(WRITE_DROPS[route] ?? NOTHING, dropped);

/** The same for a housekeeping job's row. */
export const unlistedJobDrops = (job: string, dropped: Iterable<string>) =>
  unlisted(JOB_DROPS[job] ?? NOTHING, dropped);
