import { sql, type Kysely } from 'kysely';
import { addColumns } from './ddl';

/**
 * The six base categories in Bangla (docs/i18n-server.md). Brand names stay in Latin letters, as
 * people in Bangladesh write them; the descriptions are Bangla. The seed writes the same for a new
 * database (src/server/start/seed/categories.ts).
 */
export const CATEGORY_BANGLA: Record<string, { nameBn: string; descriptionBn: string }> = {
  '000000000000000000000001': {
    nameBn: 'iPhone',
    descriptionBn: 'ব্যবহৃত Apple iPhone, লিস্ট করার আগে ব্যাটারি হেলথ, Face ID আর iCloud লক যাচাই করা।',
  },
  '000000000000000000000002': {
    nameBn: 'Samsung',
    descriptionBn: 'সারা দেশের বিক্রেতাদের Galaxy S, A আর Note ফোন, কম বাজেটের ফোন থেকে ফ্ল্যাগশিপ পর্যন্ত।',
  },
  '000000000000000000000003': {
    nameBn: 'Xiaomi',
    descriptionBn: 'Redmi, POCO আর Mi ফোন: বড় ব্যাটারি আর ঝকঝকে ক্যামেরা, সেকেন্ড-হ্যান্ড দামে।',
  },
  '000000000000000000000004': {
    nameBn: 'Realme',
    descriptionBn: 'Realme নম্বর সিরিজ আর narzo সিরিজ, শিক্ষার্থী আর প্রথম স্মার্টফোন কেনা মানুষের পছন্দ।',
  },
  '000000000000000000000005': {
    nameBn: 'OnePlus',
    descriptionBn: 'ফাস্ট চার্জিংসহ দ্রুত, ঝামেলাহীন OnePlus ফোন, যত্নশীল মালিকদের হাতে ভালো রাখা।',
  },
  '000000000000000000000006': {
    nameBn: 'Google Pixel',
    descriptionBn: 'সেরা পয়েন্ট-অ্যান্ড-শুট ক্যামেরা আর বহু বছরের Android আপডেটসহ Pixel ফোন।',
  },
};

/**
 * Categories get a Bangla name and description beside the spec's English ones. A category with no
 * Bangla yet has them empty, and the client shows its English instead.
 */
export const categoryBanglaMigration = {
  async up(db: Kysely<unknown>) {
    await addColumns(db, 'categories', [
      ['name_bn', 'text', (c) => c.notNull().defaultTo('')],
      ['description_bn', 'text', (c) => c.notNull().defaultTo('')],
    ]);
    for (const [id, { nameBn, descriptionBn }] of Object.entries(CATEGORY_BANGLA)) {
      await sql`update categories set name_bn = ${nameBn}, description_bn = ${descriptionBn} where id = ${id}`.execute(
        db,
      );
    }
  },
};
