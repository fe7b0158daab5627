/*
 * Bengali digits (০-৯, U+09E6-U+09EF) are what many people in Bangladesh type, on phone keyboards
 * set to Bangla. Every number a person types is read through `toLatinDigits` once, in the shared
 * schemas, so the rest of the code only ever sees Latin digits.
 */
const BENGALI_ZERO = 0x09e6;

export const toLatinDigits = (text: string): string =>
  text.replace(/[\u09E6-\u09EF]/g, (digit) => String(digit.charCodeAt(0) - BENGALI_ZERO));

export const toBengaliDigits = (text: string): string =>
  text.replace(/[0-9]/g, (digit) => String.fromCharCode(BENGALI_ZERO + Number(digit)));
