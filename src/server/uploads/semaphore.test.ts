import { expect, it } from 'vitest';
import { Semaphore } from './semaphore';

/** A task that runs until the test lets it finish. */
function heldTask<T>(value: T) {
  let release!: () => void;
  let started = false;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    run: async () => {
      started = true;
      await done;
      return value;
    },
    get started() {
      return started;
    },
    release: () => release(),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

it('runs at most `limit` tasks at once and starts the waiting ones first come, first served', async () => {
  const turns = new Semaphore(2);
  const tasks = [1, 2, 3, 4].map(heldTask);
  const results = tasks.map((task) => turns.run(task.run));
  await settle();
  expect(tasks.map((t) => t.started)).toEqual([true, true, false, false]);
  expect([turns.running, turns.waiting]).toEqual([2, 2]);

  tasks[1]!.release();
  await settle();
  expect(tasks.map((t) => t.started)).toEqual([true, true, true, false]);
  expect([turns.running, turns.waiting]).toEqual([2, 1]);

  for (const task of tasks) task.release();
  expect(await Promise.all(results)).toEqual([1, 2, 3, 4]);
  expect([turns.running, turns.waiting]).toEqual([0, 0]);
});

it('gives the turn of a failed task to the next one', async () => {
  const turns = new Semaphore(1);
  const failing = turns.run(async () => {
    throw new Error('broken picture');
  });
  const next = turns.run(async () => 'next');
  await expect(failing).rejects.toThrow('broken picture');
  expect(await next).toBe('next');
  expect([turns.running, turns.waiting]).toEqual([0, 0]);
});

it('refuses a limit below one', () => {
  expect(() => new Semaphore(0)).toThrow(RangeError);
});
