import type { Generated, Insertable, Selectable } from 'kysely';
import type { BookingEndCode, BookingStatus } from '#shared/bookings';
import type { NotificationKind } from '#shared/notifications';
import type { ActionReason, ModerationListingState } from '#shared/moderation';
import type { ReviewReportReason, ReviewSide } from '#shared/reviews';

/**
 * Table shapes as the application sees them on both engines: booleans are `is_*` columns and
 * timestamps are `*_at` ISO strings (see ./values.ts for how each engine is brought to that).
 */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string | null;
  name: string;
  photo_url: string;
  /** null until the client stores the profile through POST /api/addUser. */
  role: 'buyer' | 'seller' | 'admin' | null;
  is_verified: Generated<boolean>;
  is_email_verified: Generated<boolean>;
  google_sub: string | null;
  /** The mobile number given when starting to sell; it fills in the seller's number of new listings. */
  phone_number: string | null;
  created_at: string;
  /** Restricted by a moderator until then (src/server/moderation/sanctions.ts); past it, lifted. */
  restricted_until: string | null;
  /** Suspended by a moderator: no session, no sign-in. */
  is_suspended: Generated<boolean>;
  /** The language their mail, notifications and pushes are written in (migration 019). */
  locale: Generated<'en' | 'bn'>;
  /** Numbers in Latin digits on Bangla pages (their choice in Account settings). */
  latin_digits: Generated<boolean>;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  /** Brought up to date at most every few minutes (see guards.ts); a session unused for SESSION_IDLE_DAYS ends. */
  last_used_at: string;
  /** The browser's User-Agent when the session was opened, cut to a few hundred characters. */
  user_agent: Generated<string>;
  /** The network the session was last used from (see networkOf), never the whole address. */
  ip_range: Generated<string>;
}

/** What one key used of a limit in its window (src/server/limits/counters.ts). */
export interface LimitCountersTable {
  key: string;
  used: number;
  window_ends_at: string;
}

/** A Google sign-in under way; `id` is the hash of the random value in the browser's flow cookie. */
export interface GoogleSignInsTable {
  id: string;
  state: string;
  nonce: string;
  code_verifier: string;
  mode: 'login' | 'register';
  is_popup: boolean;
  expires_at: string;
}

export interface CategoriesTable {
  id: string;
  category_name: string;
  category_img: string;
  category_desc: string;
  /** Bangla name and description (migration 020); empty when a category has none yet. */
  name_bn: Generated<string>;
  description_bn: Generated<string>;
  position: number;
}

export interface UploadsTable {
  id: string;
  owner_id: string;
  width: number;
  height: number;
  /** The stored files' size (picture and thumbnail), for the quota of unused uploads; 0 for uploads older than it. */
  bytes: Generated<number>;
  created_at: string;
}

export interface ProductsTable {
  id: string;
  seller_id: string;
  category_id: string;
  image_id: string;
  product_name: string;
  brand: string;
  original_price: number;
  resale_price: number;
  year_of_purchase: number;
  product_condition: string;
  seller_mobile: string;
  location: string;
  description: string;
  is_sold: Generated<boolean>;
  is_advertised: Generated<boolean>;
  /** Taken off sale by its seller: in no public list, and it cannot be booked. */
  is_hidden: Generated<boolean>;
  /**
   * The lowest resale price of the 30 days before the last price change, when that change went
   * below it ("Price dropped from"); null otherwise.
   */
  previous_resale_price: number | null;
  /** When the resale price last changed; the drop is shown for 30 days from then. */
  price_changed_at: string | null;
  edited_at: string | null;
  posted_at: string;
  /** Set while a moderator keeps the listing off sale (hidden, removed, changes asked, its seller suspended). */
  moderation_state: ModerationListingState | null;
  /** Why, as the seller is told: the moderator's reason as a code, worded when read (migration 031)... */
  moderation_reason_code: ActionReason | null;
  /** ...and the note the moderator wrote with it, shown as written. */
  moderation_reason: string | null;
  /** IMEI 1 and 2 as a keyed hash and their last 4 digits, never in full (trust/imei.ts). */
  imei_hash: string | null;
  imei_last4: string | null;
  imei2_hash: string | null;
  imei2_last4: string | null;
  /** official, unofficial or abroad (shared/trust.ts); null on listings made without it. */
  origin: string | null;
  condition_grade: string | null;
  /** The functional checklist as JSON, item → yes / no / not_sure. */
  checklist: string | null;
  battery_health: number | null;
  is_account_signed_out: Generated<boolean>;
  neir_checked_at: string | null;
  verification_code: string | null;
  verification_photo_id: string | null;
  photo_state: Generated<string>;
  photo_rejected_for: string | null;
  photo_sent_at: string | null;
  /** null: public; 'pending' or 'rejected': out of every public list (trust/review.ts). */
  review_state: string | null;
  /** Comma-separated REVIEW_REASONS. */
  review_reasons: string | null;
  review_model_median: number | null;
  review_rejected_for: string | null;
  /** The product name as prices of the same model are compared by (db/listing-keys.ts). */
  model_key: string | null;
  sold_at: string | null;
  deregistered_at: string | null;
}

/** A buyer's report that a phone is not as its listing described, against one item (trust/). */
export interface NotAsDescribedTable {
  id: string;
  booking_id: string;
  product_id: string | null;
  item: string;
  details: string;
  reported_at: string;
}

/** Every resale price a listing had, from when (see products/prices.ts). */
export interface PriceHistoryTable {
  product_id: string;
  price: number;
  set_at: string;
}

/** A listing's photos in order; position 0 is the cover, the same upload as `products.image_id`. */
export interface ProductPhotosTable {
  product_id: string;
  upload_id: string;
  position: number;
}

export interface BookingsTable {
  id: string;
  /** null once the buyer's account is deleted: the booking stays as the seller's history. */
  buyer_id: string | null;
  /** null once the product is deleted: the order stays in the buyer's list as history. */
  product_id: string | null;
  product_name: string;
  product_price: number;
  product_img: string;
  category_name: string;
  /** The buyer's name then; '' once their account is deleted (worded when read, migration 030). */
  buyer_name: string;
  buyer_email: string;
  phone_number: string;
  meet_location: string;
  booked_at: string;
  status: Generated<BookingStatus>;
  /** requested or accepted: the seller still has to act, or the phone is reserved for this buyer. */
  is_open: Generated<boolean>;
  /** Why it was declined or cancelled, in the words of the person who did it. */
  status_reason: string | null;
  /** Why the server ended it, as a code worded when read (migration 030); null when a person did. */
  status_reason_code: Generated<BookingEndCode | null>;
  status_changed_at: string | null;
  /** The phone's seller when the request came; null once that account is deleted. */
  seller_id: string | null;
  /** The price an accepted offer fixed (migrations/014-chat-offers.ts); null: the listing's price. */
  agreed_price: Generated<number | null>;
}

export interface NotificationsTable {
  id: string;
  user_id: string;
  kind: NotificationKind;
  message: string;
  /** A path in the web client where the notification's subject is seen. */
  link: string;
  created_at: string;
  is_read: Generated<boolean>;
}

export interface VerificationRequestsTable {
  id: string;
  user_id: string;
  requested_at: string;
}

export interface ReportsTable {
  id: string;
  product_id: string;
  reporter_id: string;
  reported_at: string;
  reason: Generated<string>;
  note: string | null;
}

/** One row per phone a buyer can find; kept by src/server/search/indexing.ts in the writes' transactions. */
export interface SearchListingsTable {
  id: Generated<number>;
  product_id: string;
  seller_id: string;
  category_id: string;
  name: string;
  brand: string;
  /** The brand as the search tokenizer writes it, so "SAMSUNG" and "Samsung" are one brand. */
  brand_key: string;
  condition: string;
  price: number;
  /** One of the 64 districts the location names, or null. */
  district: string | null;
  is_seller_verified: boolean;
  posted_at: string;
  text_name: string;
  text_brand: string;
  text_location: string;
  text_description: string;
  grade: string | null;
  origin: string | null;
  battery: number | null;
  is_imei_checked: Generated<boolean>;
  is_photo_verified: Generated<boolean>;
  /** Asks less than its fair price's middle half (the "Good price" chip), as housekeeping last found. */
  is_good_price: Generated<boolean>;
}

/** Every word of the findable listings, with how many listings have it: misspellings are corrected against it. */
export interface SearchWordsTable {
  word: string;
  /** The word's first letter, so candidates for a correction are read by index. */
  head: string;
  length: number;
  listings: number;
}

export type MailState = 'pending' | 'sending' | 'sent' | 'failed';
export type MailLane = 'account' | 'deal';

/** A mail to send; written in the transaction of its cause, sent by src/server/mail/worker.ts. */
export interface MailOutboxTable {
  id: string;
  /** The account it is for, if any: its pending mail goes when the account does. */
  user_id: string | null;
  to_address: string;
  /** Which of src/server/mail/templates.ts renders it, at send time (links need PUBLIC_URL). */
  template: string;
  /** JSON the template reads; emptied once sent, since it may hold a single-use token. */
  data: string;
  state: MailState;
  attempts: number;
  next_attempt_at: string;
  /** While `sending`: when a worker that died meanwhile is taken to have let go of it. */
  lease_until: string | null;
  last_error: string | null;
  /** Account mail (verify, reset) is claimed in its own lane, ahead of the deal's notifications. */
  lane: Generated<MailLane>;
  created_at: string;
  sent_at: string | null;
}

export type AccountTokenPurpose = 'verify_email' | 'reset_password';

/** A link mailed to someone; only the hash of its random token is kept. */
export interface AccountTokensTable {
  token_hash: string;
  user_id: string;
  purpose: AccountTokenPurpose;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A notification kind a person asked not to be mailed about (mail is on unless a row says otherwise). */
export interface MailOptOutsTable {
  user_id: string;
  kind: string;
}

/** A device's Web Push subscription; see migrations/018-web-push.ts. */
export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  session_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

export interface PushOptOutsTable {
  user_id: string;
  kind: string;
}

/** One per (phone, buyer); see migrations/012-chat.ts. */
export interface ConversationsTable {
  id: string;
  /** null once the listing is deleted; its name, picture and price stay below. */
  product_id: string | null;
  /** null once that account is deleted: the other side keeps the conversation. */
  buyer_id: string | null;
  seller_id: string | null;
  product_name: string;
  product_image_id: string;
  product_price: number;
  created_at: string;
  /** Moves with every message and every opening, so a live stream knows to read again. */
  updated_at: string;
  last_message_at: string | null;
  /** The newest message's text when someone typed it; otherwise `last_message_line`. */
  last_message_text: string | null;
  /** The newest message as a line (JSON, `#shared/chat-lines`): one PhoneHaat wrote, or a message of photos only. */
  last_message_line: string | null;
  last_sender_id: string | null;
  buyer_read_at: string | null;
  seller_read_at: string | null;
}

export interface ChatMessagesTable {
  id: string;
  conversation_id: string;
  /** null once the sender's account is deleted. */
  sender_id: string | null;
  /** Made by the sending page; unique per conversation, so a retried send is stored once. */
  client_id: string;
  kind: 'text' | 'system';
  /** What was typed; empty for a line PhoneHaat wrote, which is `line`. */
  body: string;
  /** A line PhoneHaat wrote, as a kind and its values (JSON, `#shared/chat-lines`); null for typed text. */
  line: string | null;
  created_at: string;
}

/** `blocker_id` blocked `blocked_id`: neither messages nor books the other. */
export interface ChatBlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: string;
}

/** One reported or flagged thing; see migrations/015-moderation.ts. */
export interface ModerationCasesTable {
  id: string;
  subject_type: string;
  subject_id: string;
  /** The person whose listing, conversation or account it is (signals and sanctions). */
  subject_user_id: string | null;
  title: string;
  is_open: boolean;
  opened_at: string;
  closed_at: string | null;
}

export interface CaseReportsTable {
  id: string;
  case_id: string;
  subject_type: string;
  subject_id: string;
  /** null: flagged by the server itself (a resubmitted listing), or the reporter's account is gone. */
  reporter_id: string | null;
  reason: string;
  note: string | null;
  /** JSON of the thing as it was when reported. */
  snapshot: string;
  reported_at: string;
}

export interface EvidencePhotosTable {
  case_report_id: string;
  upload_id: string;
}

/** The append-only audit log: the database refuses updates and deletes. */
export interface ModerationLogTable {
  id: string;
  case_id: string | null;
  actor_id: string | null;
  actor_name: string;
  is_automated: boolean;
  action: string;
  subject_type: string;
  subject_id: string;
  target_user_id: string | null;
  reason: string;
  note: string | null;
  /** JSON of what the action changed, before and after. */
  before_state: string;
  after_state: string;
  /** A restriction's end. */
  until_at: string | null;
  created_at: string;
}

export interface AppealsTable {
  id: string;
  log_id: string;
  user_id: string;
  text: string;
  status: 'pending' | 'upheld' | 'reversed';
  created_at: string;
  decided_by: string | null;
  decision_reason: string | null;
  decided_at: string | null;
}

export type OfferStatus = 'open' | 'countered' | 'accepted' | 'declined' | 'withdrawn' | 'expired';

/** A buyer's price for a phone; see migrations/014-chat-offers.ts. */
export interface ChatOffersTable {
  id: string;
  conversation_id: string;
  product_id: string | null;
  buyer_id: string | null;
  price: number;
  note: string | null;
  /** The seller's price while `countered`, and the agreed one when a counter was accepted. */
  counter_price: number | null;
  status: OfferStatus;
  created_at: string;
  answered_at: string | null;
  expires_at: string;
}

/** A picture sent in a message (at most 3, by `position`). */
export interface ChatMessagePhotosTable {
  message_id: string;
  upload_id: string;
  position: number;
}

/** One side's review of a sold deal; see migrations/016-reviews.ts. */
export interface ReviewsTable {
  id: string;
  booking_id: string;
  /** The side that wrote it: 'buyer' reviews the seller, 'seller' the buyer. */
  side: ReviewSide;
  author_id: string;
  subject_id: string;
  product_name: string;
  /** The buyer's star; null in a seller's review. */
  as_described: number | null;
  communication: number;
  punctuality: number;
  /** The seller's star; null in a buyer's review. */
  paid_as_agreed: number | null;
  comment: string | null;
  created_at: string;
  /** The sale plus 14 days: the last moment to write, and when a lone review is published. */
  window_ends_at: string;
  published_at: string | null;
  reply: string | null;
  replied_at: string | null;
  is_hidden: Generated<boolean>;
  /** Why the admin hid it, as an action reason's code worded when read (migration 031), and their own note. */
  hidden_reason_code: ActionReason | null;
  hidden_reason: string | null;
  hidden_at: string | null;
  /** The oldest report the admin has not looked at; null when there is none. */
  reported_at: string | null;
  /** When the admin last looked at its reports: older ones are settled. */
  reports_handled_at: string | null;
}

export interface ReviewReportsTable {
  review_id: string;
  reporter_id: string;
  reason: ReviewReportReason;
  reported_at: string;
}

/** A saved search that alerts (src/server/alerts/); '' and the price bounds mean "any". */
export interface SavedAlertsTable {
  id: string;
  user_id: string;
  /** The search as URL parameters, canonical: "edit" opens it, and one user saves it once. */
  search: string;
  sentence: string;
  /** The search's words as the tokenizer writes them, JSON; [] without words. */
  words: string;
  category_id: string;
  brand_key: string;
  condition: string;
  district: string;
  min_price: number;
  max_price: number;
  is_verified_only: boolean;
  frequency: AlertFrequency;
  is_paused: Generated<boolean>;
  /** Its mail was unsubscribed from: the bell still shows its matches. */
  is_mail_off: Generated<boolean>;
  created_at: string;
  last_sent_at: string | null;
}

export type AlertFrequency = 'instant' | 'daily' | 'weekly';

/** A phone that just became visible to buyers, waiting for the alert worker. */
export interface AlertEventsTable {
  id: string;
  product_id: string;
  why: string;
  price: number;
  created_at: string;
}

/** The delivery ledger: (user, phone, occasion) is unique. */
export interface AlertMatchesTable {
  id: string;
  alert_id: string;
  user_id: string;
  product_id: string;
  occasion: 'first' | 'drop';
  price: number;
  matched_at: string;
  delivered_at: string | null;
}

/** A final price a seller confirmed, kept after the listing goes. */
export interface SalesTable {
  id: string;
  product_id: string | null;
  seller_id: string | null;
  model_key: string;
  condition: string;
  price: number;
  sold_at: string;
}

export interface FairPricesTable {
  model_key: string;
  condition: string;
  source: 'sales' | 'asking';
  median: number;
  low: number;
  high: number;
  count: number;
  computed_at: string;
}

/** How many listings each public list holds, kept by triggers (migration 021). */
export interface ListingCountsTable {
  /** `all`, `advertised` or `category:<id>`. */
  scope: string;
  /**
   * PostgreSQL only: which of a scope's rows (one per backend, migration 039), so that new listings
   * on other connections do not wait for each other's commits. A scope's count is its rows' sum.
   */
  slot?: number;
  count: number | string;
}

/** How many conversations each person's inbox holds on each side, kept by triggers (migration 032). */
export interface ChatInboxCountsTable {
  user_id: string;
  side: 'buying' | 'selling';
  count: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  limit_counters: LimitCountersTable;
  google_sign_ins: GoogleSignInsTable;
  categories: CategoriesTable;
  uploads: UploadsTable;
  products: ProductsTable;
  product_photos: ProductPhotosTable;
  price_history: PriceHistoryTable;
  bookings: BookingsTable;
  notifications: NotificationsTable;
  verification_requests: VerificationRequestsTable;
  reports: ReportsTable;
  search_listings: SearchListingsTable;
  search_words: SearchWordsTable;
  mail_outbox: MailOutboxTable;
  account_tokens: AccountTokensTable;
  mail_opt_outs: MailOptOutsTable;
  conversations: ConversationsTable;
  chat_messages: ChatMessagesTable;
  chat_blocks: ChatBlocksTable;
  moderation_cases: ModerationCasesTable;
  case_reports: CaseReportsTable;
  evidence_photos: EvidencePhotosTable;
  moderation_log: ModerationLogTable;
  appeals: AppealsTable;
  chat_offers: ChatOffersTable;
  chat_message_photos: ChatMessagePhotosTable;
  reviews: ReviewsTable;
  review_reports: ReviewReportsTable;
  saved_alerts: SavedAlertsTable;
  alert_events: AlertEventsTable;
  alert_matches: AlertMatchesTable;
  sales: SalesTable;
  fair_prices: FairPricesTable;
  push_subscriptions: PushSubscriptionsTable;
  push_opt_outs: PushOptOutsTable;
  not_as_described: NotAsDescribedTable;
  listing_counts: ListingCountsTable;
  chat_inbox_counts: ChatInboxCountsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type ProductRow = Selectable<ProductsTable>;
export type GoogleSignInRow = Selectable<GoogleSignInsTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type BookingRow = Selectable<BookingsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
export type ConversationRow = Selectable<ConversationsTable>;
export type ChatMessageRow = Selectable<ChatMessagesTable>;
export type ModerationLogRow = Selectable<ModerationLogTable>;
export type ModerationCaseRow = Selectable<ModerationCasesTable>;
export type ChatOfferRow = Selectable<ChatOffersTable>;
export type ReviewRow = Selectable<ReviewsTable>;
