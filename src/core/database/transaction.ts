import type { Database } from "bun:sqlite";

/**
 * The one way to run work in a transaction, on the CRM database (drizzle's queries and raw statements share
 * its one connection, so both are in it) or on another SQLite file: returns what the work returns, and
 * takes everything back when it throws. Nested, it becomes a savepoint of the transaction around it.
 * - `immediate` takes the write lock at the start rather than at the first write: for work that reads,
 *   then writes what it read (a claim, a migration), so that no other writer slips in between.
 * - `dryRun` does all the work, keeps its answer and takes everything back.
 * Two transactions are begun by hand, as they stay open across many calls, which a function's transaction
 * cannot: an import's batch, across the awaits of reading the file (csv-import-run.ts), and the import's
 * scratch file of staged orders, across the orders added to it (orders-by-customer.ts).
 */
export function inTransaction<T>(database: Database | { $client: Database }, work: () => T, options: { dryRun?: boolean; immediate?: boolean } = {}): T {
  const sqlite = "$client" in database ? database.$client : database;
  let value: { result: T } | undefined;
  const transaction = sqlite.transaction(() => {
    value = { result: work() };
    if (options.dryRun) throw new DryRunRollback();
  });
  try {
    if (options.immediate) transaction.immediate();
    else transaction();
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
  }
  return value!.result;
}

class DryRunRollback extends Error {}
