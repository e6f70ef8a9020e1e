import type { Database } from "bun:sqlite";

/**
 * Runs set-based work on a group of accounts: their ids are put in temp.account_scope (with `created`
 * set for accounts the caller has just made), which the work's statements join, and taken out again
 * after. Joins the caller's transaction. A temporary table beats an id list in the statement: one
 * insert per id, then every statement reads it through its primary key.
 */
export function withAccountScope<T>(sqlite: Database, accountIds: Iterable<number>, createdIds: ReadonlySet<number>, work: () => T): T {
  prepareScope(sqlite);
  const insert = sqlite.prepare<unknown, [number, number]>("INSERT OR IGNORE INTO temp.account_scope (id, created) VALUES (?, ?)");
  for (const id of accountIds) insert.run(id, createdIds.has(id) ? 1 : 0);
  try {
    return work();
  } finally {
    sqlite.run("DELETE FROM temp.account_scope");
  }
}

/** The same for the next `limit` accounts after `afterId` in id order; returns the last id taken, or null when none were left. */
export function withNextAccountsInScope<T>(sqlite: Database, afterId: number, limit: number, work: () => T): { lastId: number | null; value: T } {
  prepareScope(sqlite);
  sqlite.run("INSERT INTO temp.account_scope (id, created) SELECT id, 0 FROM accounts WHERE id > ? ORDER BY id LIMIT ?", [afterId, limit]);
  try {
    const lastId = sqlite.query<{ lastId: number | null }, []>("SELECT max(id) AS lastId FROM temp.account_scope").get()!.lastId;
    return { lastId, value: work() };
  } finally {
    sqlite.run("DELETE FROM temp.account_scope");
  }
}

function prepareScope(sqlite: Database): void {
  sqlite.run("CREATE TEMP TABLE IF NOT EXISTS account_scope (id INTEGER PRIMARY KEY, created INTEGER NOT NULL)");
  sqlite.run("DELETE FROM temp.account_scope");
}
