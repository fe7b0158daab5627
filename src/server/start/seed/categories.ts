import type { Kysely } from 'kysely';
import type { ImageStore } from '#server/uploads/store';
import type { Database } from '#server/db/schema';
import { CATEGORY_BANGLA } from '#server/db/migrations/020-category-bangla';
import { phonePicture } from './pictures';

/** The category catalogue: base data, present with or without demo data. Ids are fixed so links last. */
export const CATEGORY_CATALOGUE = [
  {
    id: '000000000000000000000001',
    name: 'iPhone',
    hue: 215,
    desc: 'Used Apple iPhones, checked for battery health, Face ID and iCloud lock before they are listed.',
  },
  {
    id: '000000000000000000000002',
    name: 'Samsung',
    hue: 235,
    desc: 'Galaxy S, A and Note phones from sellers across Bangladesh, from budget picks to flagships.',
  },
  {
    id: '000000000000000000000003',
    name: 'Xiaomi',
    hue: 25,
    desc: 'Redmi, POCO and Mi phones: big batteries and sharp cameras at second-hand prices.',
  },
  {
    id: '000000000000000000000004',
    name: 'Realme',
    hue: 50,
    desc: 'Realme number and narzo series, popular with students and first-time smartphone owners.',
  },
  {
    id: '000000000000000000000005',
    name: 'OnePlus',
    hue: 0,
    desc: 'Fast, clean OnePlus phones with fast charging, kept well by careful owners.',
  },
  {
    id: '000000000000000000000006',
    name: 'Google Pixel',
    hue: 140,
    desc: 'Pixel phones with the best point-and-shoot cameras and years of Android updates.',
  },
] as const;

export const categoryImageName = (id: string) => `category-${id}.webp`;

export async function ensureCategories(db: Kysely<Database>, images: ImageStore): Promise<void> {
  const existing = new Set((await db.selectFrom('categories').select('id').execute()).map((c) => c.id));
  for (const [position, category] of CATEGORY_CATALOGUE.entries()) {
    if (existing.has(category.id)) continue;
    const name = categoryImageName(category.id);
    await images.put(name, await phonePicture({ caption: category.name, hue: category.hue }));
    await db
      .insertInto('categories')
      .values({
        id: category.id,
        category_name: category.name,
        category_img: images.urlOf(name),
        category_desc: category.desc,
        name_bn: CATEGORY_BANGLA[category.id]?.nameBn ?? '',
        description_bn: CATEGORY_BANGLA[category.id]?.descriptionBn ?? '',
        position,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
