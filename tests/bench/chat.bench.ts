/*
 * `npm run bench:chat`: chat's two signed-in calls alone (chat.ts), on each engine (BENCH_ENGINES,
 * default `sqlite,postgres`; PostgreSQL at BENCH_DATABASE_URL, skipped when none answers), against
 * the marketplace as a user starts it with BENCH_CHAT_LISTINGS generated listings (default 2,000,
 * enough for the buyer's 1,000 conversations). Prints p50/p99 with the load average before and after,
 * the server processes' CPU milliseconds per answer (which the machine's other load changes far less
 * than the latencies), and whether the target held; exits 1 when a request failed. BENCH_SECONDS and BENCH_ROUNDS as in
 * `npm run bench`.
 */
import { loadAverage } from './load';
import { startMarketplace } from './marketplace';
import { measureChat, reportChat } from './chat';
import { enginesToMeasure } from './engines';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LISTINGS = Number(process.env.BENCH_CHAT_LISTINGS ?? 2000);

let held = true;
for (const engine of await enginesToMeasure()) {
  const app = await startMarketplace(engine, LISTINGS);
  try {
    console.log(`${engine}: measuring ${app.processes} server processes, load average ${loadAverage()}`);
    const chat = await measureChat(app, SECONDS, ROUNDS);
    console.log(`${engine}: measured, load average ${loadAverage()}`);
    held = reportChat(engine, chat) && held;
    if (chat.inbox.failures + chat.send.failures > 0) process.exitCode = 1;
  } finally {
    await app.stop();
  }
}
console.log(held ? '\nChat: every target held.' : '\nChat: some targets were missed (above).');
