import { expect, it } from 'vitest';
import { Slots } from './slots';

it('gives each key at most its share, and takes back what was given', () => {
  const slots = new Slots(2);
  expect([slots.take('a'), slots.take('a'), slots.take('a')]).toEqual([true, true, false]);
  expect(slots.take('b')).toBe(true);
  expect([slots.held('a'), slots.held('b'), slots.held('c')]).toEqual([2, 1, 0]);

  slots.give('a');
  expect(slots.take('a')).toBe(true);
  expect(slots.take('a')).toBe(false);
});

it('ignores a give without a take, so a slot is never counted twice', () => {
  const slots = new Slots(1);
  slots.give('a');
  expect(slots.take('a')).toBe(true);
  expect(slots.take('a')).toBe(false);
  slots.give('a');
  slots.give('a');
  expect(slots.held('a')).toBe(0);
  expect(slots.take('a')).toBe(true);
});

it('holds a slot while a task runs, and gives it back when the task fails', async () => {
  const slots = new Slots(1);
  const refused = () => new Error('busy');
  await expect(
    slots.hold('a', refused, async () => {
      await expect(slots.hold('a', refused, async () => 'inner')).rejects.toThrow('busy');
      throw new Error('task failed');
    }),
  ).rejects.toThrow('task failed');
  expect(await slots.hold('a', refused, async () => 'ran')).toBe('ran');
  expect(slots.held('a')).toBe(0);
});
