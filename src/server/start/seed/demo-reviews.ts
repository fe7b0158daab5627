import type { Insertable, Kysely } from 'kysely';
import { newId } from '#server/db/ids';
import type { Database, ReviewsTable } from '#server/db/schema';
import { openCase } from '#server/moderation/cases';
import { windowEndOf } from '#server/reviews/repository';
import { reviewCaseOpening } from '#server/reviews/service';

/*
 * The demo's reviews (see the README's demo accounts): earlier sales of both sellers, reviewed and
 * published (one answered by its seller, one published alone when its 14 days ended, one reported
 * for the admin), and the demo's fresh sale, where the buyer's review waits for the seller's.
 */

interface Person {
  id: string;
  name: string;
  email: string;
}

export interface DemoReviewPeople {
  verifiedSeller: Person;
  newSeller: Person;
  buyer: Person;
  otherBuyer: Person;
}

type Stars = [communication: number, punctuality: number, own: number];

interface PastSale {
  seller: keyof DemoReviewPeople;
  buyer: keyof DemoReviewPeople;
  product: string;
  price: number;
  daysAgo: number;
  /** The buyer's stars (communication, punctuality, as described) and comment. */
  byBuyer: [Stars, string];
  /** The seller's (communication, punctuality, paid as agreed), when they wrote one. */
  bySeller?: [Stars, string];
  reply?: string;
  reportedBy?: keyof DemoReviewPeople;
}

const DAY = 24 * 3_600_000;

/** Sales of phones whose listings are gone: orders kept as history, with their reviews. */
const PAST_SALES: PastSale[] = [
  {
    seller: 'verifiedSeller',
    buyer: 'buyer',
    product: 'Samsung Galaxy S21 8/128',
    price: 38000,
    daysAgo: 40,
    byBuyer: [[5, 5, 5], 'Exactly as in the photos, battery health as promised. Met on time at Dhanmondi.'],
    bySeller: [[5, 5, 5], 'Polite buyer, paid in cash on the spot.'],
    reply: 'Thank you! Enjoy the phone.',
  },
  {
    seller: 'verifiedSeller',
    buyer: 'otherBuyer',
    product: 'Xiaomi Redmi Note 11',
    price: 14500,
    daysAgo: 18,
    byBuyer: [[4, 3, 4], 'Good phone. The seller came 30 minutes late, but told me beforehand.'],
  },
  {
    seller: 'newSeller',
    buyer: 'buyer',
    product: 'Nokia G21',
    price: 9000,
    daysAgo: 25,
    byBuyer: [[2, 3, 3], 'The box was missing. Call me on 01711 000000 if you want the details.'],
    bySeller: [[4, 4, 5], 'Paid as agreed.'],
    reportedBy: 'newSeller',
  },
];

export async function insertDemoReviews(
  trx: Kysely<Database>,
  people: DemoReviewPeople,
  picture: string,
  freshSale: { id: string; soldAt: string; product: string },
  now: number,
): Promise<void> {
  for (const sale of PAST_SALES) await insertPastSale(trx, people, picture, sale, now);
  // The fresh sale: the buyer wrote theirs; it waits for the seller's (or its 14 days).
  await trx
    .insertInto('reviews')
    .values({
      id: newId(now - 3_600_000),
      booking_id: freshSale.id,
      side: 'buyer',
      author_id: people.otherBuyer.id,
      subject_id: people.verifiedSeller.id,
      product_name: freshSale.product,
      as_described: 5,
      communication: 5,
      punctuality: 4,
      paid_as_agreed: null,
      comment: 'Smooth deal, the phone works perfectly.',
      created_at: new Date(now - 3_600_000).toISOString(),
      window_ends_at: windowEndOf(freshSale.soldAt),
      published_at: null,
    })
    .execute();
}

async function insertPastSale(
  trx: Kysely<Database>,
  people: DemoReviewPeople,
  picture: string,
  sale: PastSale,
  now: number,
) {
  const seller = people[sale.seller];
  const buyer = people[sale.buyer];
  const soldAt = new Date(now - sale.daysAgo * DAY).toISOString();
  const bookingId = newId(now - (sale.daysAgo + 1) * DAY);
  await trx
    .insertInto('bookings')
    .values({
      id: bookingId,
      buyer_id: buyer.id,
      seller_id: seller.id,
      product_id: null,
      product_name: sale.product,
      product_price: sale.price,
      product_img: picture,
      category_name: 'Used phone',
      buyer_name: buyer.name,
      buyer_email: buyer.email,
      phone_number: '+880 1811 234567',
      meet_location: 'Dhanmondi 27, in front of the mall',
      booked_at: new Date(now - (sale.daysAgo + 1) * DAY).toISOString(),
      status: 'sold',
      is_open: false,
      status_reason: null,
      status_changed_at: soldAt,
    })
    .execute();
  const windowEnds = windowEndOf(soldAt);
  // Both wrote: published with the second; alone: published when the 14 days ended.
  const publishedAt = sale.bySeller ? new Date(Date.parse(soldAt) + 2 * DAY).toISOString() : windowEnds;
  const written = new Date(Date.parse(soldAt) + DAY).toISOString();
  const [[communication, punctuality, asDescribed], comment] = sale.byBuyer;
  const reviewId = newId(Date.parse(written));
  const rows: Array<Insertable<ReviewsTable>> = [
    {
      id: reviewId,
      booking_id: bookingId,
      side: 'buyer',
      author_id: buyer.id,
      subject_id: seller.id,
      product_name: sale.product,
      as_described: asDescribed,
      communication,
      punctuality,
      paid_as_agreed: null,
      comment,
      created_at: written,
      window_ends_at: windowEnds,
      published_at: publishedAt,
      reply: sale.reply ?? null,
      replied_at: sale.reply ? publishedAt : null,
      reported_at: sale.reportedBy ? new Date(now - DAY).toISOString() : null,
    },
  ];
  if (sale.bySeller) {
    const [[sellerCommunication, sellerPunctuality, paid], sellerComment] = sale.bySeller;
    rows.push({
      ...rows[0]!,
      id: newId(Date.parse(publishedAt)),
      side: 'seller',
      author_id: seller.id,
      subject_id: buyer.id,
      as_described: null,
      communication: sellerCommunication,
      punctuality: sellerPunctuality,
      paid_as_agreed: paid,
      comment: sellerComment,
      created_at: publishedAt,
      reply: null,
      replied_at: null,
      reported_at: null,
    });
  }
  await trx.insertInto('reviews').values(rows).execute();
  if (sale.reportedBy) {
    await trx
      .insertInto('review_reports')
      .values({
        review_id: reviewId,
        reporter_id: people[sale.reportedBy].id,
        reason: 'personal_information',
        reported_at: new Date(now - DAY).toISOString(),
      })
      .execute();
    // As a report through the API would, it opens the review's case in the moderation queue.
    const reported = await trx.selectFrom('reviews').selectAll().where('id', '=', reviewId).executeTakeFirstOrThrow();
    await openCase(trx, await reviewCaseOpening(trx, reported, people[sale.reportedBy].id, 'personal_information'));
  }
}
