import type { Kysely } from 'kysely';
import type { Category } from '#shared/categories';
import type { CategoryRow, Database } from '#server/db/schema';
import { rowById } from '#server/db/keys';

export const toCategory = (row: CategoryRow): Category => ({
  _id: row.id,
  category_name: row.category_name,
  category_img: row.category_img,
  category_desc: row.category_desc,
  nameBn: row.name_bn,
  descriptionBn: row.description_bn,
});

export const listCategories = (db: Kysely<Database>) =>
  db.selectFrom('categories').selectAll().orderBy('position').orderBy('id').execute();

export const findCategory = rowById('categories');
