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

/** The same for the accounts whose ids are above `afterId` and at most `upToId`, put in scope by one statement. */
export function withAccountsBetweenInScope<T>(sqlite: Database, afterId: number, upToId: number, work: () => T): T {
  prepareScope(sqlite);
  sqlite.run("INSERT INTO temp.account_scope (id, created) SELECT id, 0 FROM accounts WHERE id > ? AND id <= ?", [afterId, upToId]);
  try {
    return work();
  } finally {
    sqlite.run("DELETE FROM temp.account_scope");
  }
}

function prepareScope(sqlite: Database): void {
  sqlite.run("CREATE TEMP TABLE IF NOT EXISTS account_scope (id INTEGER PRIMARY KEY, created INTEGER NOT NULL)");
  sqlite.run("DELETE FROM temp.account_scope");
}
