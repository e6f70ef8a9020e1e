import type { CrmDatabase } from "../../core/database/open.ts";
import { beginBackfill, continueBackfill, type BackfillRun } from "../../core/shipstation/backfill.ts";
import type { ClientOptions } from "../../core/shipstation/shipstation-client.ts";
import type { OrderWindowDate } from "../../core/shipstation/order-source.ts";

export interface BackfillJobs {
  /** Claims the lock (409 when one runs) and continues in the background, by date placed or modified. */
  start(days: number, by?: OrderWindowDate): BackfillRun;
  /** Stops a running backfill cleanly: it keeps what it wrote and is marked interrupted. */
  stop(): Promise<void>;
}

export function createBackfillJobs(db: CrmDatabase, env: Record<string, string | undefined>, clientOptions: ClientOptions = {}): BackfillJobs {
  const abort = new AbortController();
  const running = new Set<Promise<unknown>>();
  return {
    start(days, by = "placed") {
      const run = beginBackfill(db, env, days, "dashboard");
      const job = continueBackfill(db, env, run, { ...clientOptions, by, signal: abort.signal }).finally(() => running.delete(job));
      running.add(job);
      return run;
    },
    async stop() {
      abort.abort();
      await Promise.allSettled([...running]);
    },
  };
}
