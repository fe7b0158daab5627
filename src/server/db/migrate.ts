import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Engine } from './connection';
import { initialMigration } from './migrations/001-initial';
import { googleSignInsMigration } from './migrations/002-google-sign-ins';
import { housekeepingIndexesMigration } from './migrations/003-housekeeping-indexes';
import { dealMigration } from './migrations/004-deal';
import { listingsMigration } from './migrations/005-listings';
import { searchMigration } from './migrations/006-search';
import { accountsMigration } from './migrations/007-accounts';
import { abuseLimitsMigration } from './migrations/008-abuse-limits';
import { signedInDevicesMigration } from './migrations/009-signed-in-devices';
import { priceHistoryMigration } from './migrations/010-price-history';
import { oneAccountMigration } from './migrations/011-one-account';
import { chatMigration } from './migrations/012-chat';
import { trustedPhoneMigration } from './migrations/013-trusted-phone';
import { chatOffersMigration } from './migrations/014-chat-offers';
import { moderationMigration } from './migrations/015-moderation';
import { reviewsMigration } from './migrations/016-reviews';
import { alertsFairPriceMigration } from './migrations/017-alerts-fair-price';
import { webPushMigration } from './migrations/018-web-push';
import { languageMigration } from './migrations/019-language';
import { categoryBanglaMigration } from './migrations/020-category-bangla';
import { listingCountsMigration } from './migrations/021-listing-counts';
import { chatSameTextMigration } from './migrations/022-chat-same-text';
import { goodPriceMigration } from './migrations/023-good-price';
import { chatLinesMigration } from './migrations/026-chat-lines';
import { searchTextTriggerMigration } from './migrations/027-search-text-trigger';
import { serverReasonsMigration } from './migrations/030-server-reasons';
import { moderationReasonsMigration } from './migrations/031-moderation-reasons';
import { inboxCountsMigration } from './migrations/032-inbox-counts';
import { reviewEvidenceMigration } from './migrations/033-review-evidence';
import { oneCounterTableMigration } from './migrations/036-one-counter-table';
import { listIndexesCoverMigration } from './migrations/038-list-indexes-cover';
import { listingCountSlotsMigration } from './migrations/039-listing-count-slots';
import type { Database } from './schema';

/** Migrations live in code (not a folder scan) so they run the same from source, tests and builds. */
class CodeMigrations implements MigrationProvider {
  constructor(private readonly engine: Engine) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    return {
      '001-initial': initialMigration(this.engine),
      '002-google-sign-ins': googleSignInsMigration(this.engine),
      '003-housekeeping-indexes': housekeepingIndexesMigration,
      '004-deal': dealMigration(this.engine),
      '005-listings': listingsMigration(this.engine),
      '006-search': searchMigration(this.engine),
      '007-accounts': accountsMigration(this.engine),
      '008-abuse-limits': abuseLimitsMigration(this.engine),
      '009-signed-in-devices': signedInDevicesMigration(this.engine),
      '010-price-history': priceHistoryMigration(this.engine),
      '011-one-account': oneAccountMigration,
      '012-chat': chatMigration(this.engine),
      '013-trusted-phone': trustedPhoneMigration(this.engine),
      '014-chat-offers': chatOffersMigration(this.engine),
      '015-moderation': moderationMigration(this.engine),
      '016-reviews': reviewsMigration(this.engine),
      '017-alerts-fair-price': alertsFairPriceMigration(this.engine),
      '018-web-push': webPushMigration(this.engine),
      '019-language': languageMigration(this.engine),
      '020-category-bangla': categoryBanglaMigration,
      '021-listing-counts': listingCountsMigration(this.engine),
      '022-chat-same-text': chatSameTextMigration,
      '023-good-price': goodPriceMigration(this.engine),
      '026-chat-lines': chatLinesMigration,
      '027-search-text-trigger': searchTextTriggerMigration(this.engine),
      '030-server-reasons': serverReasonsMigration,
      '031-moderation-reasons': moderationReasonsMigration,
      '032-inbox-counts': inboxCountsMigration(this.engine),
      '033-review-evidence': reviewEvidenceMigration,
      '036-one-counter-table': oneCounterTableMigration,
      '038-list-indexes-cover': listIndexesCoverMigration(this.engine),
      '039-listing-count-slots': listingCountSlotsMigration(this.engine),
    };
  }
}

export async function migrate(db: Kysely<Database>, engine: Engine): Promise<void> {
  // Kysely looks for its bookkeeping tables by name across all schemas: name the schema in use so
  // that databases side by side in one PostgreSQL (one schema each) never see each other's.
  const schema = engine === 'postgres' ? await currentSchema(db) : undefined;
  const migrator = new Migrator({
    db,
    provider: new CodeMigrations(engine),
    // Work landed side by side: a database that already has 005 and 006 still gets 004.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  for (let attempt = 1; ; attempt++) {
    const { error } = await migrator.migrateToLatest();
    if (!error) return;
    // Kysely's introspection reads the tables of every schema; one dropped meanwhile by another
    // process (test databases side by side) fails it with 3F000, and reading again is safe.
    if (attempt < 5 && isSchemaGone(error)) continue;
    throw error instanceof Error ? error : new Error(String(error));
  }
}

const isSchemaGone = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '3F000';

async function currentSchema(db: Kysely<Database>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}
