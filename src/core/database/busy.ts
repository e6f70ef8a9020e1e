import { DomainError } from "../errors.ts";

/**
 * Whether SQLite refused a write because another connection holds the write lock. The server's
 * connection does not wait for locks (open.ts): a synchronous wait would freeze its one event loop, and
 * with it every other request. It tries again asynchronously instead, with whenDatabaseFree.
 */
export function isDatabaseBusy(error: unknown): boolean {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: unknown };
  // drizzle wraps the driver's error in its own, with the driver's as its cause.
  return (typeof code === "string" && (code === "SQLITE_BUSY" || code.startsWith("SQLITE_BUSY_"))) || (cause !== undefined && isDatabaseBusy(cause));
}

/**
 * Runs `work`, and while the database is busy with another process's write (an import commits in short
 * batches) runs it again after a short pause, without blocking the event loop. `work` must be safe to run
 * again after a busy refusal: a transaction refused at its first write has written nothing.
 */
export async function whenDatabaseFree<T>(work: () => T, options: { giveUpAfterMs?: number; whileWaiting?: () => void } = {}): Promise<T> {
  const giveUpAt = performance.now() + (options.giveUpAfterMs ?? DEFAULT_PATIENCE_MS);
  for (const pause of pausesWhileBusy()) {
    try {
      return work();
    } catch (error) {
      if (!isDatabaseBusy(error)) throw error;
      if (performance.now() + pause > giveUpAt) throw databaseBusyTooLong();
      options.whileWaiting?.();
    }
    await Bun.sleep(pause);
  }
  throw databaseBusyTooLong();
}

/**
 * How long to pause before each new try while the database is busy: short at first, as an import's batch
 * holds the lock for a few tens of milliseconds, then no longer than 10 ms, so the wait ends soon after the
 * lock is free (a try that finds it still busy costs microseconds).
 */
export function* pausesWhileBusy(): Generator<number, never> {
  for (let pause = 5; ; pause = Math.min(pause * 2, 10)) yield pause;
}

/** What a caller is told when another process kept the database for longer than anyone should wait. */
export function databaseBusyTooLong(): DomainError {
  return new DatabaseBusyTooLong();
}

/** Nothing failed: another process (a long CLI import) kept the database all the while; the work can be done later. */
export class DatabaseBusyTooLong extends DomainError {
  constructor() {
    super("unavailable", "The database is busy with another process's work; try again in a moment");
  }
}

const DEFAULT_PATIENCE_MS = 30_000;
