import type { Database } from "bun:sqlite";

/**
 * Runs work in one transaction and returns what it returns. A dry run does all the work, keeps its
 * answer and rolls everything back: bun:sqlite undoes a transaction only when its function throws.
 */
export function inTransaction<T>(sqlite: Database, work: () => T, options: { dryRun?: boolean } = {}): T {
  let value: { result: T } | undefined;
  try {
    sqlite.transaction(() => {
      value = { result: work() };
      if (options.dryRun) throw new DryRunRollback();
    })();
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
  }
  return value!.result;
}

class DryRunRollback extends Error {}
