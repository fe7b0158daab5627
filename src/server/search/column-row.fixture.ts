import type { ColumnRow } from './repository';

/** A listing's search columns for the unit tests: a plain Samsung, changed where a test needs it. */
export const aColumnRow = (row: Pick<ColumnRow, 'id'> & Partial<ColumnRow>): ColumnRow => ({
  category_id: 'c1',
  brand: 'Samsung',
  brand_key: 'samsung',
  condition: 'Good',
  district: null,
  is_seller_verified: false,
  posted_at: '2026-11-24T12:00:00.000Z',
  price: 10_000,
  grade: null,
  origin: null,
  battery: null,
  is_imei_checked: false,
  is_photo_verified: false,
  is_good_price: false,
  ...row,
});
