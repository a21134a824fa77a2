import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m001 from './migrations/001-initial.js';
import * as m002 from './migrations/002-partner-accounts.js';
import * as m003 from './migrations/003-analysis-note.js';
import * as m004 from './migrations/004-document-hash.js';
import * as m005 from './migrations/005-imported-codings.js';
import * as m006 from './migrations/006-chunk-search-terms.js';
import * as m007 from './migrations/007-tag-names-unique.js';
import * as m008 from './migrations/008-listing-changes.js';
import * as m009 from './migrations/009-chunk-search-index.js';
import * as m010 from './migrations/010-chunks-matching-function.js';
import * as m011 from './migrations/011-model-answers.js';
import * as m012 from './migrations/012-text-vectors.js';
import * as m013 from './migrations/013-solo-attempts.js';
import * as m014 from './migrations/014-chunk-role.js';
import * as m015 from './migrations/015-rechunks.js';
import * as m016 from './migrations/016-elided-terms.js';
import * as m017 from './migrations/017-matching-budget.js';

/** Migrations are listed here (not read from disk) so they run the same under tsx and from dist/. */
const MIGRATIONS: Record<string, Migration> = {
  '001-initial': m001,
  '002-partner-accounts': m002,
  '003-analysis-note': m003,
  '004-document-hash': m004,
  '005-imported-codings': m005,
  '006-chunk-search-terms': m006,
  '007-tag-names-unique': m007,
  '008-listing-changes': m008,
  '009-chunk-search-index': m009,
  '010-chunks-matching-function': m010,
  '011-model-answers': m011,
  '012-text-vectors': m012,
  '013-solo-attempts': m013,
  '014-chunk-role': m014,
  '015-rechunks': m015,
  '016-elided-terms': m016,
  '017-matching-budget': m017,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema of its own time, not today's table types
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<void> {
  // With a PostgreSQL schema of its own, the bookkeeping tables must be looked up in it, not in any schema.
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: 'sift_migrations',
    migrationLockTableName: 'sift_migrations_lock',
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`);
  }
}
