import { GRADES, ORIGINS } from '#shared/trust';
import type { SearchFilters } from '#shared/search';

/*
 * A listing's trust details packed in one byte of the search columns: IMEI checked (bit 0), photo
 * verified (bit 1), the grade's position + 1 (bits 2-4, 0: none), the origin's + 1 (bits 5-6) and
 * a good price (bit 7: the fair price's, as housekeeping last found it).
 */
const IMEI = 1;
const PHOTO = 2;
const GOOD_PRICE = 128;
const GRADE_SHIFT = 2;
const ORIGIN_SHIFT = 5;
const GRADE_MASK = 0b111 << GRADE_SHIFT;
const ORIGIN_MASK = 0b11 << ORIGIN_SHIFT;

const positionOf = (values: readonly string[], value: string | null) =>
  value === null ? 0 : values.indexOf(value) + 1;

export function trustBitsOf(row: {
  grade: string | null;
  origin: string | null;
  is_imei_checked: boolean;
  is_photo_verified: boolean;
  is_good_price: boolean;
}): number {
  return (
    (row.is_imei_checked ? IMEI : 0) |
    (row.is_photo_verified ? PHOTO : 0) |
    (row.is_good_price ? GOOD_PRICE : 0) |
    (positionOf(GRADES, row.grade) << GRADE_SHIFT) |
    (positionOf(ORIGINS, row.origin) << ORIGIN_SHIFT)
  );
}

/** The same trust bits with the good-price mark set as `good` says: a round of the fair prices changes only it. */
export const withGoodPrice = (bits: number, good: boolean) => (good ? bits | GOOD_PRICE : bits & ~GOOD_PRICE);

/** Whether a listing with these bits and battery fails the trust or good price filters chosen; undefined when none is. */
export function trustTest(filters: SearchFilters): ((bits: number, battery: number) => boolean) | undefined {
  const { grade, origin, minBattery, imeiChecked, photoVerified, goodPrice } = filters;
  const wanted = (imeiChecked ? IMEI : 0) | (photoVerified ? PHOTO : 0) | (goodPrice ? GOOD_PRICE : 0);
  if (grade === undefined && origin === undefined && minBattery === undefined && wanted === 0) return undefined;
  const gradeBits = grade === undefined ? -1 : positionOf(GRADES, grade) << GRADE_SHIFT;
  const originBits = origin === undefined ? -1 : positionOf(ORIGINS, origin) << ORIGIN_SHIFT;
  const lowest = minBattery ?? 0;
  return (bits, battery) =>
    (bits & wanted) !== wanted ||
    (gradeBits >= 0 && (bits & GRADE_MASK) !== gradeBits) ||
    (originBits >= 0 && (bits & ORIGIN_MASK) !== originBits) ||
    battery < lowest;
}
