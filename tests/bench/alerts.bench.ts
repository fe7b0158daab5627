/* `npm run bench:alerts`: listing phones with 100,000 saved alerts alone (alerts-listing.ts); `npm run bench` runs it too. */
import { benchAlertListing } from './alerts-listing';

process.env.BENCH_DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/postgres';
let held = true;
for (const engine of (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',') as Array<'sqlite' | 'postgres'>) {
  held = (await benchAlertListing(engine)) && held;
}
console.log(held ? 'Alerts: every target held.' : 'Alerts: some targets were missed (above).');
