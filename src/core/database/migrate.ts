import type { Database } from "bun:sqlite";
import type { MigrationMeta } from "drizzle-orm/migrator";
import { bundledMigrations } from "./bundled-migrations.ts" with { type: "macro" };
import { inTransaction } from "./transaction.ts";

const MIGRATIONS: MigrationMeta[] = bundledMigrations();

/** How many migrations this build knows: a database (or a backup) with more is from a newer version. */
export const KNOWN_MIGRATIONS = MIGRATIONS.length;

/**
 * Applies the drizzle-kit migrations not yet applied, all in one transaction.
 * Uses drizzle's own bookkeeping table so drizzle-kit and this binary agree on what ran.
 * `beforeUpgrade` runs first when there are some to apply to a database that has had migrations already,
 * which holds data: an upgrade, not a new database.
 * Returns how many migrations were applied.
 */
export function applyMigrations(sqlite: Database, beforeUpgrade?: () => void): number {
  sqlite.run(
    "CREATE TABLE IF NOT EXISTS __drizzle_migrations (id INTEGER PRIMARY KEY, hash TEXT NOT NULL, created_at NUMERIC)",
  );
  // Looked for with a read first, as most starts have nothing to apply; then again under the write lock, so
  // that two processes starting together on a new data directory (two imports) apply them once.
  if (pendingMigrations(sqlite).length === 0) return 0;
  if (beforeUpgrade && sqlite.query("SELECT 1 FROM __drizzle_migrations LIMIT 1").get() !== null) beforeUpgrade();
  const insertApplied = sqlite.prepare("INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)");
  return inTransaction(sqlite, () => {
    const pending = pendingMigrations(sqlite);
    for (const migration of pending) {
      for (const statement of migration.sql) {
        if (statement.trim()) sqlite.run(statement);
      }
      insertApplied.run(migration.hash, migration.folderMillis);
    }
    return pending.length;
  }, { immediate: true });
}

function pendingMigrations(sqlite: Database) {
  const last = sqlite
    .query<{ createdAt: number }, []>("SELECT created_at AS createdAt FROM __drizzle_migrations ORDER BY created_at DESC LIMIT 1")
    .get();
  return MIGRATIONS.filter((migration) => !last || Number(last.createdAt) < migration.folderMillis);
}
