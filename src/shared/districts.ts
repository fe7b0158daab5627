/**
 * The 64 districts of Bangladesh, in their current official English spelling. The search matches a
 * listing's free-text location against them; Add Product suggests them while still taking any text.
 */
export const DISTRICTS = [
  'Bagerhat',
  'Bandarban',
  'Barguna',
  'Barishal',
  'Bhola',
  'Bogura',
  'Brahmanbaria',
  'Chandpur',
  'Chapainawabganj',
  'Chattogram',
  'Chuadanga',
  "Cox's Bazar",
  'Cumilla',
  'Dhaka',
  'Dinajpur',
  'Faridpur',
  'Feni',
  'Gaibandha',
  'Gazipur',
  'Gopalganj',
  'Habiganj',
  'Jamalpur',
  'Jashore',
  'Jhalokati',
  'Jhenaidah',
  'Joypurhat',
  'Khagrachhari',
  'Khulna',
  'Kishoreganj',
  'Kurigram',
  'Kushtia',
  'Lakshmipur',
  'Lalmonirhat',
  'Madaripur',
  'Magura',
  'Manikganj',
  'Meherpur',
  'Moulvibazar',
  'Munshiganj',
  'Mymensingh',
  'Naogaon',
  'Narail',
  'Narayanganj',
  'Narsingdi',
  'Natore',
  'Netrokona',
  'Nilphamari',
  'Noakhali',
  'Pabna',
  'Panchagarh',
  'Patuakhali',
  'Pirojpur',
  'Rajbari',
  'Rajshahi',
  'Rangamati',
  'Rangpur',
  'Satkhira',
  'Shariatpur',
  'Sherpur',
  'Sirajganj',
  'Sunamganj',
  'Sylhet',
  'Tangail',
  'Thakurgaon',
] as const;
export type District = (typeof DISTRICTS)[number];

/**
 * Older spellings people still write (and the Bangla names of the divisional cities), so
 * "Chittagong" or "ঢাকা" in a location counts for its district.
 */
export const DISTRICT_ALIASES: Record<string, District> = {
  Barisal: 'Barishal',
  Bogra: 'Bogura',
  'Chapai Nawabganj': 'Chapainawabganj',
  Chittagong: 'Chattogram',
  'Coxs Bazar': "Cox's Bazar",
  'Cox Bazar': "Cox's Bazar",
  Comilla: 'Cumilla',
  Jessore: 'Jashore',
  Jhalakathi: 'Jhalokati',
  Jhalokathi: 'Jhalokati',
  Khagrachari: 'Khagrachhari',
  Laxmipur: 'Lakshmipur',
  Maulvibazar: 'Moulvibazar',
  Netrakona: 'Netrokona',
  ঢাকা: 'Dhaka',
  চট্টগ্রাম: 'Chattogram',
  রাজশাহী: 'Rajshahi',
  খুলনা: 'Khulna',
  বরিশাল: 'Barishal',
  সিলেট: 'Sylhet',
  রংপুর: 'Rangpur',
  ময়মনসিংহ: 'Mymensingh',
};

const KNOWN: ReadonlySet<string> = new Set(DISTRICTS);
/** A location that starts with a district: its name, then optionally ", " and what the seller typed after it. */
const DISTRICT_FIRST = /^([^,]+)(?:, ([\s\S]*))?$/;

/** Writes one of a location's messages in the reader's language (`t`, or a page meta's `text`). */
type SayLocation = (
  id: `shared.district.${District}` | 'shared.location.inDistrict',
  values?: { district: string; area: string },
) => string;

/**
 * A listing's location in the reader's language. A district the listing form suggests is ours and
 * has a name in each language (`shared.district.*`); what the seller typed after it stays as
 * written: "Dhaka, Mirpur" reads "ঢাকা, Mirpur" in Bangla, and English is the text as typed. Any
 * other location (the seller's own words) is shown as it is.
 */
export function sayLocation(location: string, say: SayLocation): string {
  const [, first = '', area] = DISTRICT_FIRST.exec(location) ?? [];
  if (!KNOWN.has(first)) return location;
  const district = say(`shared.district.${first as District}`);
  return area === undefined ? district : say('shared.location.inDistrict', { district, area });
}
