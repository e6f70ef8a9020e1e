import type { CrmDatabase } from "./open.ts";

/**
 * Builds a drizzle query with sql.placeholder values once per database and reuses it. Building and
 * compiling a query costs far more than running it; on the paths every request takes (the session,
 * the accounts page) that cost is most of the answer's time. The statements are kept with the database
 * they were prepared on (`db.preparedStatements`), and go with it.
 */
export function preparedOnce<T>(db: CrmDatabase, key: string, build: () => T): T {
  if (!db.preparedStatements.has(key)) db.preparedStatements.set(key, build());
  return db.preparedStatements.get(key) as T;
}
