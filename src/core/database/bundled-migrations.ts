import path from "node:path";
import { readMigrationFiles, type MigrationMeta } from "drizzle-orm/migrator";

/**
 * Runs as a Bun macro: the SQL of drizzle/ is read when the code is bundled or transpiled,
 * so the compiled binary carries its migrations and never looks for them on disk.
 */
export function bundledMigrations(): MigrationMeta[] {
  return readMigrationFiles({ migrationsFolder: path.join(import.meta.dir, "../../../drizzle") });
}
