import type { Kysely } from 'kysely';
import type { PageQuery } from '#shared/common';
import type { ReportedProduct } from '#shared/reports';
import { byId, nowIso } from '#server/db/ids';
import type { Database } from '#server/db/schema';
import { readPage } from '#server/db/paging';
import { imageFileName } from '#server/uploads/names';
import type { ImageStore } from '#server/uploads/store';
import { changedRows } from '#server/db/changes';
import { insertUnlessTaken, rowByKey } from '#server/db/keys';
import { reportReasonLabel } from '#shared/moderation';

export const findReport = (db: Kysely<Database>, productId: string, reporterId: string) =>
  rowByKey(db, 'reports', { product_id: productId, reporter_id: reporterId });

/** Stores a report; null when this person reported this product before (the unique index decides a race). */
export async function insertReport(
  db: Kysely<Database>,
  productId: string,
  reporterId: string,
  reason = 'not_given',
  note: string | null = null,
): Promise<string | null> {
  const report = { product_id: productId, reporter_id: reporterId, reported_at: nowIso(), reason, note };
  return insertUnlessTaken(db, 'reports', report);
}

/**
 * One page of reports, newest first. What the admin sees of the product and its seller is read from
 * their own tables now, so a report never shows stale details.
 */
export async function listReportedProducts(db: Kysely<Database>, images: ImageStore, page: PageQuery) {
  const { rows, total } = await readPage(
    db
      .selectFrom('reports as r')
      .innerJoin('products as p', 'p.id', 'r.product_id')
      .innerJoin('users as u', 'u.id', 'p.seller_id')
      .select([
        'r.id',
        'r.product_id',
        'r.reported_at',
        'p.image_id',
        'p.product_name',
        'p.seller_mobile',
        'u.name',
        'u.email',
        'r.reason',
        'r.note',
      ])
      .orderBy('r.reported_at', 'desc')
      .orderBy('r.id', 'desc'),
    db.selectFrom('reports'),
    page,
  );
  const items = rows.map((row): ReportedProduct => ({
    _id: row.id,
    product_id: row.product_id,
    productImg: images.urlOf(imageFileName(row.image_id)),
    productName: row.product_name,
    sellerName: row.name,
    sellerEmail: row.email,
    sellerMobile: row.seller_mobile,
    reportedAt: row.reported_at,
    reason: row.reason,
    reasonLabel: reportReasonLabel(row.reason),
    note: row.note,
  }));
  return { items, total };
}

export const deleteReport = byId(async (db: Kysely<Database>, id: string) => {
  return changedRows(db.deleteFrom('reports').where('id', '=', id));
}, 0);
