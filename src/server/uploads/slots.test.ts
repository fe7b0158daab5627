import { expect, it } from 'vitest';
import { UploadSlots } from './slots';

it('gives each seller at most their share and everyone together at most the total', () => {
  const slots = new UploadSlots(3, 2);
  expect([slots.take('a'), slots.take('a'), slots.take('a')]).toEqual(['taken', 'taken', 'seller-busy']);
  expect(slots.take('b')).toBe('taken');
  expect(slots.take('c')).toBe('server-busy');
  expect(slots.taken).toBe(3);

  slots.give('a');
  expect(slots.take('c')).toBe('taken');
  expect(slots.take('a')).toBe('server-busy');
});

it('ignores a give without a take, so a slot is never counted twice', () => {
  const slots = new UploadSlots(1, 1);
  slots.give('a');
  expect(slots.take('a')).toBe('taken');
  expect(slots.take('b')).toBe('server-busy');
  slots.give('a');
  slots.give('a');
  expect(slots.taken).toBe(0);
});
