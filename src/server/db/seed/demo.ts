import type { Kysely } from 'kysely';
import type { ImageStore } from '../../uploads/store';
import type { Database } from '../schema';

// PLACEHOLDER: the demo data seed is being written now; replaced before this lands.
export async function seedDemoData(_db: Kysely<Database>, _images: ImageStore, _options: { log: (line: string) => void }) {}
