import { restartNumbering } from './products';

/*
 * Runs before each API test file. The files of a worker share one import of the test support
 * (vitest.config.ts), so without this a file's n-th demo listing depended on how many listings the
 * files before it had made: a failure seen in the whole run did not come back when the file ran
 * alone (fair-price.test.ts once met a listing of another brand than in every run alone).
 */
restartNumbering();
