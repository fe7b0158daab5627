import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Engine } from './connection';
import { initialMigration } from './migrations/001-initial';
import type { Database } from './schema';

/** Migrations live in code (not a folder scan) so they run the same from source, tests and builds. */
class CodeMigrations implements MigrationProvider {
  constructor(private readonly engine: Engine) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    return { '001-initial': initialMigration(this.engine) };
  }
}

export async function migrate(db: Kysely<Database>, engine: Engine, schema?: string): Promise<void> {
  // Kysely finds its bookkeeping tables by name across schemas: name the schema so that two
  // databases side by side (one schema each) never see each other's.
  const migrator = new Migrator({ db, provider: new CodeMigrations(engine), ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
