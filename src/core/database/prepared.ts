import type { CrmDatabase } from "./open.ts";

const preparedByDatabase = new WeakMap<object, Map<string, unknown>>();

/**
 * Builds a drizzle query with sql.placeholder values once per database and reuses it. Building and
 * compiling a query costs far more than running it; on the paths every request takes (the session,
 * the accounts page) that cost is most of the answer's time.
 */
export function preparedOnce<T>(db: CrmDatabase, key: string, build: () => T): T {
  let prepared = preparedByDatabase.get(db.$client);
  if (!prepared) preparedByDatabase.set(db.$client, (prepared = new Map()));
  if (!prepared.has(key)) prepared.set(key, build());
  return prepared.get(key) as T;
}
