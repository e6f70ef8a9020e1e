import { whenDatabaseFree } from "../database/busy.ts";
import { and, desc, eq, lt } from "drizzle-orm";
import { MAX_BACKFILL_DAYS, MIN_BACKFILL_DAYS, type BackfillTrigger } from "../../contracts/backfill.ts";
import type { CrmDatabase, CrmQueries } from "../database/open.ts";
import { backfillRuns } from "../database/schema.ts";
import { conflict, DomainError, invalid } from "../errors.ts";
import { StoppedError, type ClientOptions } from "./shipstation-client.ts";
import { recordShipStationIncoming } from "./shipstation-order.ts";
import { generationConfigured, readShipStationConfig, type ShipStationConfig } from "./shipstation-settings.ts";
import { orderSourceFor, type OrderWindowDate } from "./order-source.ts";
import { inTransaction } from "../database/transaction.ts";
import { announceChange } from "../changes/change-feed.ts";
import { formatCount, formatCountOf } from "../../contracts/counts.ts";

/** A running backfill proves it is alive this often; one silent for longer died and no longer holds the lock. */
const HEARTBEAT_STALE_MS = 2 * 60_000;

export type BackfillRun = typeof backfillRuns.$inferSelect;

export interface BackfillOptions extends Omit<ClientOptions, "onWait"> {
  /** The window's date: when orders were placed (the default), or last modified, which picks up later cancellations. */
  by?: OrderWindowDate;
  onProgress?(run: BackfillRun): void;
}

/**
 * What a backfill lacks, in the words of Settings: with nothing set, either generation will do (a business
 * on a smaller plan has only V2); with one begun, what that one still needs.
 */
function missingCredentials(config: ShipStationConfig): string {
  if (!config.apiKey && !config.apiSecret && !config.v2ApiKey) return "Connect ShipStation before a backfill: set its V2 API key, or its V1 API key and secret, in Settings or the environment";
  return config.generation === "v2" ? "Set the ShipStation V2 API key before a backfill" : "Set the ShipStation API key and secret before a backfill";
}

/**
 * Claims the backfill lock and records a running backfill. Only one can run at a time, across every
 * process sharing the database; one whose process died stops holding the lock after two minutes.
 */
export function beginBackfill(db: CrmDatabase, env: Record<string, string | undefined>, days: number, trigger: BackfillTrigger): BackfillRun {
  if (!Number.isInteger(days) || days < MIN_BACKFILL_DAYS || days > MAX_BACKFILL_DAYS) {
    throw invalid("days", `days must be a whole number from ${MIN_BACKFILL_DAYS} to ${MAX_BACKFILL_DAYS}`);
  }
  const config = readShipStationConfig(db, env);
  if (!generationConfigured(config)) {
    throw invalid("days", missingCredentials(config));
  }
  return inTransaction(db, () => {
    const now = new Date();
    expireDeadBackfills(db);
    const running = db.select().from(backfillRuns).where(eq(backfillRuns.state, "running")).get();
    if (running) throw conflict(`A backfill is already running (started ${running.startedAt.toISOString()}, ${running.days} days)`);
    const [run] = db.insert(backfillRuns).values({ days, state: "running", trigger, startedAt: now, heartbeatAt: now }).returning().all();
    return run!;
  });
}

/**
 * Pages through the orders of the run's window from the generation in use, oldest first, writing each
 * page in its own transaction: a stopped or failed run keeps what it wrote and the next run completes it.
 */
export async function continueBackfill(db: CrmDatabase, env: Record<string, string | undefined>, run: BackfillRun, options: BackfillOptions = {}): Promise<BackfillRun> {
  const config = readShipStationConfig(db, env);
  const heartbeat = () => db.update(backfillRuns).set({ heartbeatAt: new Date() }).where(eq(backfillRuns.id, run.id)).run();
  const end = new Date();
  const start = new Date(end.getTime() - run.days * 24 * 60 * 60 * 1000);
  let current = run;
  try {
    const source = orderSourceFor(db, config, config.generation, { ...options, onWait: heartbeat });
    for await (const orders of source.pages({ start, end, by: options.by ?? "placed" })) {
      // In the server another process's write (an import's batch) may hold the lock: waited for without blocking.
      await db.wal.beforeTransaction();
      const summary = await whenDatabaseFree(() => recordShipStationIncoming(db, orders, "backfill"));
      current = await whenDatabaseFree(() => update(db, run.id, {
        pages: current.pages + 1,
        ordersCreated: current.ordersCreated + summary.ordersCreated,
        ordersUpdated: current.ordersUpdated + summary.ordersUpdated,
        accountsCreated: current.accountsCreated + summary.accountsCreated,
        ordersUnmatched: current.ordersUnmatched + summary.ordersUnmatched,
        heartbeatAt: new Date(),
      }));
      options.onProgress?.(current);
    }
    return finish(db, run.id, { state: "succeeded", finishedAt: new Date() });
  } catch (error) {
    const stopped = error instanceof StoppedError;
    return finish(db, run.id, {
      state: stopped ? "interrupted" : "failed",
      error: stopped ? "Stopped before finishing; run it again to complete" : error instanceof Error ? error.message : String(error),
      finishedAt: new Date(),
    });
  }
}

/** The running backfill, else the most recent one; null before the first. A run whose process died reads as interrupted. */
export function latestBackfill(db: CrmDatabase): BackfillRun | null {
  expireDeadBackfills(db);
  return db.select().from(backfillRuns).orderBy(desc(eq(backfillRuns.state, "running")), desc(backfillRuns.startedAt), desc(backfillRuns.id)).limit(1).get() ?? null;
}

/** A running backfill silent for too long lost its process: it no longer holds the lock. */
function expireDeadBackfills(db: CrmQueries): void {
  const now = new Date();
  db.update(backfillRuns)
    .set({ state: "interrupted", error: "The process running it stopped", finishedAt: now })
    .where(and(eq(backfillRuns.state, "running"), lt(backfillRuns.heartbeatAt, new Date(now.getTime() - HEARTBEAT_STALE_MS))))
    .run();
}

/** A run ends: the audit trail's one entry for it, however many pages it wrote, with its counts. */
function finish(db: CrmDatabase, id: number, changes: Partial<BackfillRun>): BackfillRun {
  return inTransaction(db, () => {
    const run = update(db, id, changes);
    const summary = `${run.state}: ${formatCountOf(run.ordersCreated, "order")} created, ${formatCount(run.ordersUpdated)} updated, ${formatCountOf(run.accountsCreated, "account")} created`;
    const actor = { userId: null, name: "ShipStation", source: "backfill" as const };
    announceChange(db, { type: "backfill_finished", runId: id, days: run.days, orders: run.ordersCreated + run.ordersUpdated, summary, actor, at: new Date() });
    return run;
  });
}

function update(db: CrmDatabase, id: number, changes: Partial<BackfillRun>): BackfillRun {
  const [updated] = db.update(backfillRuns).set(changes).where(eq(backfillRuns.id, id)).returning().all();
  if (!updated) throw new DomainError("not_found", "Backfill not found");
  return updated;
}
