/* `npm run bench:alerts`: listing phones with 100,000 saved alerts alone (alerts-listing.ts); `npm run bench` runs it too. */
import { benchAlertListing } from './alerts-listing';
import { enginesToMeasure } from './engines';

let held = true;
for (const engine of await enginesToMeasure()) {
  held = (await benchAlertListing(engine)) && held;
}
console.log(held ? 'Alerts: every target held.' : 'Alerts: some targets were missed (above).');
