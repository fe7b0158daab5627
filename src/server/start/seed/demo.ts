import { insertDemoModeration } from './moderation';
import type { ChatLine } from '#shared/chat-lines';
import { OPEN_STATUSES, type BookingStatus } from '#shared/bookings';
import * as messages from '#server/bookings/messages';
import { reasonColumns, serverReason, type EndReason } from '#server/bookings/reasons';
import { insertListingRows } from '#server/products/repository';
import { createSession, touchSession } from '#server/auth/repository';
import { newSessionToken } from '#server/auth/tokens';
import type { Kysely } from 'kysely';
import { hashPassword } from '#server/auth/passwords';
import { imageFileName, imageFileNames, thumbFileName } from '#server/uploads/names';
import { processPhoto } from '#server/uploads/processing';
import { avatarFileName, drawAvatar } from '#server/users/avatar';
import type { ImageStore } from '#server/uploads/store';
import { newId } from '#server/db/ids';
import { newConversationOf } from '#server/chat/repository';
import type { BookingRow, Database, NewUser } from '#server/db/schema';
import { CATEGORY_CATALOGUE } from './categories';
import { insertDemoReviews } from './demo-reviews';
import { demoListing, demoPerson } from './factories';
import { phonePicture, type PhonePicture } from './pictures';
import { seedDemoAlertsAndSales } from './alerts';
import { demoTrustColumns, insertDemoComplaint, photoStateOf } from './trust';
import { ImeiKey } from '#server/trust/imei';
import { randomBytes } from 'node:crypto';
import { ENGLISH, write } from '#server/i18n/texts';

/*
 * Demo data for a first look at the marketplace: a few accounts, listings with pictures in every
 * category, and one of each thing an admin has to act on. Added only to a database without users,
 * so it never mixes with real data and a restart adds nothing.
 */

export const DEMO_PASSWORD = 'phonehaat-demo';

type DemoRole = 'admin' | 'seller' | 'buyer';

interface DemoAccount {
  email: string;
  name: string;
  role: DemoRole;
  verified: boolean;
  note: string;
}

export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@example.com', name: 'PhoneHaat Admin', role: 'admin', verified: false, note: 'admin' },
  verifiedSeller: {
    email: 'seller@example.com',
    name: demoPerson(1, 'seller').name,
    role: 'seller',
    verified: true,
    note: 'verified seller with reviews; also booked a phone of new.seller@; a sale to review',
  },
  newSeller: {
    email: 'new.seller@example.com',
    name: demoPerson(2, 'seller').name,
    role: 'seller',
    verified: false,
    note: 'seller, verification requested; reported a review of them',
  },
  buyer: {
    email: 'buyer@example.com',
    name: demoPerson(3, 'buyer').name,
    role: 'buyer',
    verified: false,
    note: 'bookings: requested, accepted, declined, expired; chats: answered, deal agreed; two saved alerts with matches',
  },
  otherBuyer: {
    email: 'buyer2@example.com',
    name: demoPerson(4, 'buyer').name,
    role: 'buyer',
    verified: false,
    note: 'bought the sold phone (their review waits for the seller); reported a listing; blocked by a seller in chat',
  },
  restrictedSeller: {
    email: 'restricted@example.com',
    name: 'Kamal Uddin',
    role: 'seller',
    verified: false,
    note: 'restricted for 7 days by a moderator, appeal waiting (docs/moderation.md)',
  },
} as const satisfies Record<string, DemoAccount>;

type AccountKey = keyof typeof DEMO_ACCOUNTS;

export const DEMO_LISTING_COUNT = 18;
/** Listing numbers (demoListing(n)) with a special state; the rest are plain, unsold listings. */
const ADVERTISED = new Set([0, 1, 3, 4, 8, 10]);
const SOLD = 6;
const BOOKED_BY_BUYER = 0;
const REPORTED_BY_OTHER_BUYER = 2;
/** A new seller's phone the verified seller booked: a seller buys too. */
const SELLER_BUYS = 5;
/** Listings with a back view and a box photo besides the cover. */
const SEVERAL_PHOTOS = new Set([0, 1, 3, 4]);
/** Edited once, its price lowered by PRICE_DROP Tk. */
const PRICE_DROPPED = 1;
const PRICE_DROP = 4000;
/** Taken off sale by its seller: only in their own list. */
const HIDDEN = 7;
/** Reserved: its seller accepted buyer@'s request, and buyer2@'s request waits. */
const RESERVED = 3;

const PICTURE = { width: 800, height: 600 };
const HOUR = 3_600_000;

const sellerOf = (n: number): AccountKey => (n % 3 === 2 ? 'newSeller' : 'verifiedSeller');

interface SeedOptions {
  log: (line: string) => void;
  /** The server's IMEI key (trust/imei.ts); a throwaway one when not given (the demo's IMEIs are made up). */
  imeiKey?: ImeiKey;
  /** False when ADMIN_EMAIL names the real admin: no second admin with the published password. */
  withAdmin?: boolean;
}

/** Adds the demo data when the database has no users yet; answers whether it did. */
export async function seedDemoData(
  db: Kysely<Database>,
  images: ImageStore,
  { log, withAdmin = true, imeiKey = new ImeiKey(randomBytes(32).toString('hex')) }: SeedOptions,
): Promise<boolean> {
  if (await hasUsers(db)) return false;

  const started = Date.now();
  const accounts = (Object.entries(DEMO_ACCOUNTS) as Array<[AccountKey, DemoAccount]>).filter(
    ([key]) => withAdmin || key !== 'admin',
  );
  const users = await demoUsers(images, accounts, started);
  const listings = await demoListings(images, users, started, imeiKey);
  const uploadedFiles = [...users.values()]
    .map((u) => avatarFileName(u.id))
    .concat(listings.flatMap((l) => l.uploads.flatMap((upload) => imageFileNames(upload.id))));

  const seeded = await db
    .transaction()
    .execute(async (trx) => {
      // Another process may have started on the same database meanwhile; it wins.
      if (await hasUsers(trx)) return false;
      await trx
        .insertInto('users')
        .values([...users.values()])
        .execute();
      await trx
        .insertInto('uploads')
        .values(listings.flatMap((l) => l.uploads))
        .execute();
      await insertListingRows(trx, listings);
      await insertActivity(trx, users, listings, started);
      await insertDemoComplaint(trx, listings[RESERVED]!.product.id, new Date(started - HOUR));
      await insertOtherDevice(trx, users.get('buyer')!.id, started);
      await seedDemoAlertsAndSales(
        trx,
        {
          buyer: users.get('buyer')!.id,
          sellers: [users.get('verifiedSeller')!.id, users.get('newSeller')!.id],
        },
        listings.map((l) => l.product),
        started,
      );
      return true;
    })
    .catch(async (error: unknown) => {
      await images.remove(uploadedFiles);
      throw error;
    });
  if (!seeded) {
    await images.remove(uploadedFiles);
    return false;
  }

  log(
    `Demo data added: ${users.size} accounts and ${listings.length} listings. Every demo account's password is "${DEMO_PASSWORD}":`,
  );
  for (const [, account] of accounts) log(`  ${account.email.padEnd(24)} ${account.note}`);
  // The password is in the README: say so loudly, for the one who starts a public server by mistake.
  log(
    'These accounts are for trying PhoneHaat out. Before going public, set PUBLIC_URL and SEED_DEMO=0 and start on an empty database.',
  );
  return true;
}

async function hasUsers(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

type DemoUser = NewUser & { id: string; name: string };

async function demoUsers(
  images: ImageStore,
  accounts: Array<[AccountKey, DemoAccount]>,
  now: number,
): Promise<Map<AccountKey, DemoUser>> {
  const entries = await Promise.all(
    accounts.map(async ([key, account], index) => {
      const createdAt = now - (40 - index) * 24 * HOUR;
      const id = newId(createdAt);
      await images.put(avatarFileName(id), await drawAvatar(account.name, index * 67));
      const user: DemoUser = {
        id,
        email: account.email,
        password_hash: await hashPassword(DEMO_PASSWORD),
        name: account.name,
        photo_url: images.urlOf(avatarFileName(id)),
        role: account.role,
        is_verified: account.verified,
        is_email_verified: true,
        google_sub: null,
        created_at: new Date(createdAt).toISOString(),
      };
      return [key, user] as const;
    }),
  );
  return new Map(entries);
}

/** The pictures of listing `n`: the front as the cover, then for some a back view and a close-up. */
const viewsOf = (n: number, caption: string, hue: number): PhonePicture[] => {
  const front = { caption, hue, ...PICTURE };
  if (!SEVERAL_PHOTOS.has(n)) return [front];
  return [front, { ...front, caption: `${caption}, back`, view: 'back' }, { ...front, hue: (hue + 180) % 360 }];
};

/**
 * The demo's pictures, drawn and processed once per process: every seed draws the same ones, and
 * drawing is most of a seed's time (the seed's tests seed a fresh database a dozen times). Bounded
 * by the demo's own pictures.
 */
const processedPictures = new Map<string, ReturnType<typeof processPhoto>>();

function processedPicture(picture: PhonePicture): ReturnType<typeof processPhoto> {
  const key = JSON.stringify(picture);
  let photo = processedPictures.get(key);
  if (!photo) {
    photo = phonePicture(picture).then(processPhoto);
    photo.catch(() => processedPictures.delete(key));
    processedPictures.set(key, photo);
  }
  return photo;
}

/** Stores one picture the way POST /api/uploads does (same processing, same file names). */
async function demoUpload(images: ImageStore, picture: PhonePicture, ownerId: string, createdAt: number) {
  const id = newId(createdAt);
  const photo = await processedPicture(picture);
  await images.put(imageFileName(id), photo.image);
  await images.put(thumbFileName(id), photo.thumb);
  return {
    id,
    owner_id: ownerId,
    width: photo.width,
    height: photo.height,
    bytes: photo.image.length + photo.thumb.length,
    created_at: new Date(createdAt).toISOString(),
  };
}

async function demoListings(images: ImageStore, users: Map<AccountKey, DemoUser>, now: number, imeiKey: ImeiKey) {
  return Promise.all(
    Array.from({ length: DEMO_LISTING_COUNT }, async (_, n) => {
      const postedAt = now - (n + 1) * 5 * HOUR;
      const seller = users.get(sellerOf(n))!;
      const { caption, hue, ...fields } = demoListing(n);
      const uploads = await Promise.all(
        viewsOf(n, caption, hue).map((picture) => demoUpload(images, picture, seller.id, postedAt)),
      );
      const trust = demoTrustColumns(imeiKey, { n, productName: fields.productName, brand: fields.brand, postedAt });
      // The phone, screen on, beside its code on paper: seen by the admin only.
      const photoState = photoStateOf(n);
      if (photoState) {
        const picture = { caption: `Code ${trust.verification_code}`, hue: (hue + 90) % 360, ...PICTURE };
        uploads.push(await demoUpload(images, picture, seller.id, postedAt));
      }
      const cover = uploads[0]!.id;
      const dropped = n === PRICE_DROPPED;
      const droppedAt = new Date(postedAt + HOUR).toISOString();
      const product = {
        id: newId(postedAt),
        seller_id: seller.id,
        category_id: fields.category_id,
        image_id: cover,
        product_name: fields.productName,
        brand: fields.brand,
        original_price: fields.originalPrice,
        resale_price: fields.resalePrice,
        year_of_purchase: fields.yearOfPurchase,
        product_condition: fields.productCondition,
        seller_mobile: fields.sellerMobile,
        location: fields.location,
        description: fields.description,
        is_sold: n === SOLD,
        is_advertised: ADVERTISED.has(n) && n !== SOLD,
        is_hidden: n === HIDDEN,
        previous_resale_price: dropped ? fields.resalePrice + PRICE_DROP : null,
        price_changed_at: dropped ? droppedAt : null,
        edited_at: dropped ? droppedAt : null,
        posted_at: new Date(postedAt).toISOString(),
        ...trust,
        photo_state: photoState ?? 'none',
        verification_photo_id: photoState ? uploads[uploads.length - 1]!.id : null,
        photo_sent_at: photoState ? new Date(postedAt + HOUR).toISOString() : null,
      };
      const photos = uploads
        .slice(0, photoState ? -1 : undefined)
        .map((upload, position) => ({ product_id: product.id, upload_id: upload.id, position }));
      // As an edit writes it: listed at the higher price, then lowered (products/prices.ts).
      const prices = dropped
        ? [
            { product_id: product.id, price: fields.resalePrice + PRICE_DROP, set_at: product.posted_at },
            { product_id: product.id, price: fields.resalePrice, set_at: droppedAt },
          ]
        : [{ product_id: product.id, price: fields.resalePrice, set_at: product.posted_at }];
      return { uploads, product, photos, prices, pictureUrl: images.urlOf(imageFileName(cover)) };
    }),
  );
}

type DemoListing = Awaited<ReturnType<typeof demoListings>>[number];

/** What each side of a demo booking was told on the way to its state. */
function demoNotifications(
  booking: Pick<BookingRow, 'status'> & Parameters<typeof messages.requested>[0],
  reason: EndReason | null,
) {
  switch (booking.status) {
    case 'requested':
      return messages.requested(booking);
    case 'accepted':
      return messages.accepted(booking);
    case 'declined':
      return messages.declined(booking, reason);
    case 'cancelled':
      return messages.cancelledByBuyer(booking, reason);
    case 'expired':
      return messages.expired(booking);
    case 'sold':
      return messages.sold(booking);
  }
}

/** The demo's bookings: every state of the deal at least once (see the README's demo accounts). */
const DEMO_BOOKINGS: Array<{
  buyer: AccountKey;
  n: number;
  status: BookingStatus;
  meet: string;
  hoursAgo: number;
  /** The buyer's or seller's own words, or the server's reason (a code). */
  reason?: EndReason;
}> = [
  { buyer: 'buyer', n: BOOKED_BY_BUYER, status: 'requested', meet: 'Dhanmondi 27, in front of the mall', hoursAgo: 2 },
  { buyer: 'buyer', n: RESERVED, status: 'accepted', meet: 'Bashundhara City, gate 1', hoursAgo: 6 },
  { buyer: 'otherBuyer', n: RESERVED, status: 'requested', meet: 'Farmgate, Ananda Cinema', hoursAgo: 4 },
  {
    buyer: 'buyer',
    n: 4,
    status: 'declined',
    meet: 'Mirpur 10 roundabout',
    hoursAgo: 30,
    reason: { said: 'Sorry, I promised it to my cousin' },
  },
  {
    buyer: 'otherBuyer',
    n: 9,
    status: 'cancelled',
    meet: 'Uttara sector 7',
    hoursAgo: 26,
    reason: { said: 'Bought one elsewhere' },
  },
  { buyer: 'buyer', n: 10, status: 'expired', meet: 'Chawkbazar, Chattogram', hoursAgo: 60 },
  // One account buys and sells: the verified seller asks for one of the new seller's phones.
  { buyer: 'verifiedSeller', n: SELLER_BUYS, status: 'requested', meet: 'Gulshan 1, DCC market', hoursAgo: 3 },
  { buyer: 'otherBuyer', n: SOLD, status: 'sold', meet: 'Zindabazar, Sylhet', hoursAgo: 20 },
  {
    buyer: 'buyer',
    n: SOLD,
    status: 'declined',
    meet: 'Ambarkhana, Sylhet',
    hoursAgo: 22,
    reason: serverReason('sold_to_another_buyer'),
  },
];

/** Bookings in each state with their notifications, a report, and a verification request. */
/**
 * A phone the demo buyer signed in on two days ago, so Account settings lists a device to sign out.
 * Its token is thrown away: nobody can use the session, only end it.
 */
async function insertOtherDevice(trx: Kysely<Database>, userId: string, now: number) {
  const lastUsed = new Date(now - 2 * 24 * HOUR);
  const id = await createSession(trx, userId, newSessionToken().hash, {
    userAgent:
      'Mozilla/5.0 (Linux; Android 13; SM-A525F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
    ipRange: '103.4.145.0/24',
  });
  await touchSession(trx, id, '103.4.145.0/24', lastUsed);
}

async function insertActivity(
  trx: Kysely<Database>,
  users: Map<AccountKey, DemoUser>,
  listings: DemoListing[],
  now: number,
) {
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
  const bookings = DEMO_BOOKINGS.map(({ buyer: buyerKey, n, status, meet, hoursAgo, reason }) => {
    const buyer = users.get(buyerKey)!;
    const { product, pictureUrl } = listings[n]!;
    const category = CATEGORY_CATALOGUE.find((c) => c.id === product.category_id)!;
    return {
      id: newId(at(hoursAgo).getTime()),
      buyer_id: buyer.id,
      seller_id: product.seller_id,
      product_id: product.id,
      product_name: product.product_name,
      product_price: product.resale_price,
      product_img: pictureUrl,
      category_name: category.name,
      buyer_name: buyer.name,
      buyer_email: buyer.email,
      phone_number: '+880 1811 234567',
      meet_location: meet,
      booked_at: at(hoursAgo).toISOString(),
      status,
      is_open: OPEN_STATUSES.includes(status),
      ...reasonColumns(reason ?? null),
      status_changed_at: status === 'requested' ? null : at(hoursAgo - 1).toISOString(),
    };
  });
  await trx.insertInto('bookings').values(bookings).execute();

  const told = bookings.flatMap((booking, i) => demoNotifications(booking, DEMO_BOOKINGS[i]!.reason ?? null));
  await trx
    .insertInto('notifications')
    .values(
      told.map((notification, i) => ({
        id: newId(at(1).getTime() + i),
        user_id: notification.userId,
        kind: notification.kind,
        message: write(ENGLISH, notification.message),
        link: notification.link,
        created_at: at(1).toISOString(),
      })),
    )
    .execute();
  await insertDemoModeration(
    trx,
    {
      admin: users.get('admin'),
      buyer: users.get('buyer')!.id,
      otherBuyer: users.get('otherBuyer')!.id,
      restricted: users.get('restrictedSeller')!.id,
    },
    listings[REPORTED_BY_OTHER_BUYER]!.product.id,
    at,
  );
  await trx
    .insertInto('verification_requests')
    .values({ id: newId(at(3).getTime()), user_id: users.get('newSeller')!.id, requested_at: at(3).toISOString() })
    .execute();
  await insertDemoChat(trx, users, listings, at);
  const sale = bookings.find((booking) => booking.status === 'sold')!;
  await insertDemoReviews(
    trx,
    {
      verifiedSeller: users.get('verifiedSeller')!,
      newSeller: users.get('newSeller')!,
      buyer: users.get('buyer')!,
      otherBuyer: users.get('otherBuyer')!,
    },
    sale.product_img,
    { id: sale.id, soldAt: sale.status_changed_at!, product: sale.product_name },
    now,
  );
}

/**
 * Who says what in a demo conversation: the buyer (b) or the seller (s), and how long ago; `line`
 * for the lines an offer's moves write (with no text).
 */
type DemoLine = [from: 'b' | 's', text: string, hoursAgo: number, line?: ChatLine];

/** A demo offer: the buyer's price and the seller's counter as parts of the asking price. */
interface DemoOffer {
  price: number;
  counter?: number;
  status: 'open' | 'accepted';
  hoursAgo: number;
}

/** Whole hundreds of Tk, as people offer. */
const partOf = (price: number, part: number) => Math.round((price * part) / 100) * 100;

/**
 * The demo's conversations (see the README's demo accounts): a question answered, a deal agreed
 * after the booking was accepted (numbers shared), a question the seller has not read, and a buyer
 * the seller blocked after a payment-link offer.
 */
const DEMO_CHATS: Array<{
  buyer: AccountKey;
  n: number;
  lines: DemoLine[];
  unread?: boolean;
  blocked?: boolean;
  offer?: DemoOffer;
}> = [
  {
    buyer: 'buyer',
    n: BOOKED_BY_BUYER,
    lines: [
      ['b', 'Battery health?', 27],
      ['s', 'Yes, 91%. The battery is original, never opened.', 26],
      ['b', 'Great, I have sent a booking request.', 2],
    ],
    // Waiting for seller@'s answer.
    offer: { price: 0.9, status: 'open', hoursAgo: 1.5 },
  },
  {
    buyer: 'buyer',
    n: RESERVED,
    lines: [
      ['b', 'Is the price negotiable?', 8],
      ['s', 'Yes, a little. Make me an offer.', 7.5],
      ['s', 'See you at Bashundhara City, gate 1 at 5 pm? My number is 01711 223344.', 5],
      ['b', 'Yes, see you at 5.', 4.5],
    ],
    // Offered, countered, and the counter accepted: the booking is accepted at the agreed price.
    offer: { price: 0.85, counter: 0.93, status: 'accepted', hoursAgo: 5.8 },
  },
  { buyer: 'otherBuyer', n: 1, lines: [['b', 'Where can we meet? I live in Mohammadpur.', 3]], unread: true },
  {
    buyer: 'otherBuyer',
    n: 5,
    lines: [
      ['b', 'I pay through a Nagad link before we meet. Send me your bKash number and address.', 9],
      ['s', 'Sorry, cash only when we meet.', 8.8],
    ],
    blocked: true,
  },
];

async function insertDemoChat(
  trx: Kysely<Database>,
  users: Map<AccountKey, DemoUser>,
  listings: DemoListing[],
  at: (hoursAgo: number) => Date,
) {
  for (const { buyer: buyerKey, n, lines, unread = false, blocked = false, offer } of DEMO_CHATS) {
    const buyerId = users.get(buyerKey)!.id;
    const { product } = listings[n]!;
    const sideOf = (from: 'b' | 's') => (from === 'b' ? buyerId : product.seller_id);
    const names = { b: users.get(buyerKey)!.name, s: users.get(sellerOf(n))!.name };
    const offerLines = offer ? demoOfferLines(offer, product.resale_price, names) : [];
    // A seller cannot write first: a conversation the demo opens with the seller's line had the buyer's ask before it.
    const all: DemoLine[] = [
      ...(lines[0]![0] === 's' ? [['b', 'Is it still available?', lines[0]![2] + 0.2] as DemoLine] : []),
      ...lines,
      ...offerLines,
    ].sort((a, b) => b[2] - a[2]);
    const [, lastText, lastHoursAgo, lastLine] = all.at(-1)!;
    const lastAt = at(lastHoursAgo).toISOString();
    const id = newId(at(all[0]![2]).getTime());
    await trx
      .insertInto('conversations')
      .values({
        ...newConversationOf(product, buyerId),
        id,
        created_at: at(all[0]![2]).toISOString(),
        updated_at: lastAt,
        last_message_at: lastAt,
        last_message_text: lastLine ? null : lastText,
        last_message_line: lastLine ? JSON.stringify(lastLine) : null,
        last_sender_id: sideOf(all.at(-1)![0]),
        buyer_read_at: lastAt,
        seller_read_at: unread ? null : lastAt,
      })
      .execute();
    await trx
      .insertInto('chat_messages')
      .values(
        all.map(([from, text, hoursAgo, line], i) => ({
          id: newId(at(hoursAgo).getTime()),
          conversation_id: id,
          sender_id: sideOf(from),
          client_id: `demo-${i}-${id}`,
          kind: line ? ('system' as const) : ('text' as const),
          body: text,
          line: line ? JSON.stringify(line) : null,
          created_at: at(hoursAgo).toISOString(),
        })),
      )
      .execute();
    if (offer) await insertDemoOffer(trx, { id, product, buyerId, offer, at });
    if (blocked) {
      await trx
        .insertInto('chat_blocks')
        .values({ blocker_id: product.seller_id, blocked_id: buyerId, created_at: lastAt })
        .execute();
    }
  }
}

/** The lines an offer's moves wrote into its conversation, as the server words them (chat/offers.ts). */
function demoOfferLines(offer: DemoOffer, asking: number, names: { b: string; s: string }): DemoLine[] {
  const price = partOf(asking, offer.price);
  const note = 'I can pay cash today.';
  const lines: DemoLine[] = [
    ['b', '', offer.hoursAgo, { kind: 'offerMadeWithNote', params: { name: names.b, price, note } }],
  ];
  if (offer.counter) {
    const counter = partOf(asking, offer.counter);
    lines.push(['s', '', offer.hoursAgo - 0.2, { kind: 'offerCounter', params: { name: names.s, price: counter } }]);
  }
  if (offer.status === 'accepted') {
    const agreed = partOf(asking, offer.counter ?? offer.price);
    const by = offer.counter ? 'b' : 's';
    const said: ChatLine = { kind: 'offerAccept', params: { name: names[by], price: agreed, buyer: names.b } };
    lines.push([by, '', offer.hoursAgo - 0.4, said]);
  }
  return lines;
}

/** The offer's row, and for an accepted one the buyer's booking at the agreed price. */
async function insertDemoOffer(
  trx: Kysely<Database>,
  demo: {
    id: string;
    product: { id: string; resale_price: number };
    buyerId: string;
    offer: DemoOffer;
    at: (hoursAgo: number) => Date;
  },
) {
  const { offer, product, at } = demo;
  const counter = offer.counter ? partOf(product.resale_price, offer.counter) : null;
  const madeAt = at(offer.hoursAgo);
  await trx
    .insertInto('chat_offers')
    .values({
      id: newId(madeAt.getTime()),
      conversation_id: demo.id,
      product_id: product.id,
      buyer_id: demo.buyerId,
      price: partOf(product.resale_price, offer.price),
      note: 'I can pay cash today.',
      counter_price: counter,
      status: offer.status,
      created_at: madeAt.toISOString(),
      answered_at: offer.status === 'open' ? null : at(offer.hoursAgo - 0.4).toISOString(),
      expires_at: new Date(madeAt.getTime() + 48 * HOUR).toISOString(),
    })
    .execute();
  if (offer.status !== 'accepted') return;
  await trx
    .updateTable('bookings')
    .set({ agreed_price: counter ?? partOf(product.resale_price, offer.price) })
    .where('product_id', '=', product.id)
    .where('buyer_id', '=', demo.buyerId)
    .execute();
}
