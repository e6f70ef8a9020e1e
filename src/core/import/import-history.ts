import { hostname } from "node:os";
import path from "node:path";
import { and, desc, eq, inArray, isNotNull, notInArray, sql } from "drizzle-orm";
import type { CrmDatabase, CrmQueries } from "../database/open.ts";
import { importRuns } from "../database/schema.ts";
import { inTransaction } from "../database/transaction.ts";
import type { Actor } from "../changes/actor.ts";
import { announceChange } from "../changes/change-feed.ts";
import { formatCount, formatCountOf } from "../../contracts/counts.ts";
import { CREATED_FROM_CSV_IMPORT } from "../orders/record-orders.ts";

export type ImportRun = typeof importRuns.$inferSelect;
export type ImportRunState = ImportRun["state"];

/** What a run has done so far, as its history shows it. */
export type ImportProgress = Pick<
  ImportRun,
  "batches" | "rowsRead" | "rowsSkipped" | "ordersCreated" | "ordersUpdated" | "accountsCreated" | "customersChanged" | "customerChanges"
>;

/**
 * A run marked running on another host (a container sharing the data directory) cannot have its process
 * looked up: it counts as dead once it has committed nothing for this long.
 */
const OTHER_HOST_SILENCE_MS = 2 * 60_000;

/**
 * Starts a run in the history, unless another import is running: imports of one database take turns, so
 * that two of the same file never work on the same orders at once. Returns the running one instead; a
 * run whose process died is marked interrupted on the way, and no longer counts. A run of the same files
 * as the latest interrupted one, not yet resumed, resumes it: running the command again is how an
 * interrupted import is completed.
 */
export function claimImportRun(db: CrmDatabase, files: readonly string[]): { run: ImportRun } | { runningImport: ImportRun } {
  return inTransaction(db, () => {
    markDeadRunsInterrupted(db);
    const running = runningImport(db);
    if (running) return { runningImport: running };
    const now = new Date();
    const filesJson = JSON.stringify(files);
    const resumed = db
      .select({ id: importRuns.id })
      .from(importRuns)
      .where(and(eq(importRuns.files, filesJson), eq(importRuns.state, "interrupted"), notInArray(importRuns.id, db.select({ id: sql<number>`${importRuns.resumesRunId}` }).from(importRuns).where(isNotNull(importRuns.resumesRunId)))))
      .orderBy(desc(importRuns.id))
      .limit(1)
      .get();
    const run = db
      .insert(importRuns)
      .values({ files: filesJson, state: "running", host: hostname(), pid: process.pid, startedAt: now, heartbeatAt: now, resumesRunId: resumed?.id ?? null })
      .returning()
      .get();
    return { run };
  }, { immediate: true });
}

/**
 * The import running now, if any: read without the write lock, which an import written in one transaction
 * holds for its whole length, so that one waiting for it can say what it waits for.
 */
export function runningImport(db: CrmQueries): ImportRun | undefined {
  return db
    .select()
    .from(importRuns)
    .where(eq(importRuns.state, "running"))
    .orderBy(importRuns.id)
    .all()
    .find((run) => isAlive(run));
}

/** A batch's progress, written in the batch's own transaction: the history never counts what was not committed. */
export function recordImportProgress(db: CrmDatabase, runId: number, progress: ImportProgress, state: "running" | "completed" = "running"): void {
  const now = new Date();
  db.update(importRuns)
    .set({ ...progress, state, heartbeatAt: now, finishedAt: state === "completed" ? now : null })
    .where(eq(importRuns.id, runId))
    .run();
}

/** A run in batches completes when its closing work ends: its history's time runs to then. In the caller's transaction. */
export function recordImportFinished(db: CrmDatabase, runId: number, actor: Actor): void {
  db.update(importRuns).set({ state: "completed", finishedAt: new Date() }).where(eq(importRuns.id, runId)).run();
  announceImportEnded(db, runId, actor);
}

/** Ends a run that did not complete: stopped on request, or failed with `error`. */
export function finishImportRun(db: CrmDatabase, runId: number, state: "failed" | "interrupted", error: string, actor: Actor): void {
  inTransaction(db, () => {
    db.update(importRuns).set({ state, error, finishedAt: new Date() }).where(eq(importRuns.id, runId)).run();
    announceImportEnded(db, runId, actor);
  });
}

/**
 * The audit trail's one entry for a run, however many batches it wrote, with its counts as its history
 * keeps them; in the transaction that ends it.
 */
export function announceImportEnded(db: CrmDatabase, runId: number, actor: Actor): void {
  const run = db.select().from(importRuns).where(eq(importRuns.id, runId)).get();
  if (!run) return;
  const files = (JSON.parse(run.files) as string[]).map((file) => path.basename(file)).join(", ");
  const summary = [
    `${formatCountOf(run.ordersCreated, "order")} created`,
    `${formatCount(run.ordersUpdated)} updated`,
    `${formatCountOf(run.accountsCreated, "account")} created`,
    `${formatCountOf(run.rowsSkipped, "row")} skipped`,
  ].join(", ");
  announceChange(db, { type: "import_finished", runId, files, state: run.state, orders: run.ordersCreated + run.ordersUpdated, summary, actor, at: new Date() });
}

/** A run as the history lists it: with the earlier runs it completed, oldest first, and when the first began. */
export type ImportRunInHistory = ImportRun & { resumedRunIds: number[]; firstStartedAt: Date };

/** The latest runs, newest first; a run whose process died while it was running reads as interrupted. */
export function recentImportRuns(db: CrmDatabase, limit: number): ImportRunInHistory[] {
  const runs = db
    .select()
    .from(importRuns)
    .orderBy(desc(importRuns.id))
    .limit(limit)
    .all()
    .map((run) => (run.state === "running" && !isAlive(run) ? { ...run, state: "interrupted" as const } : run));
  const earlier = earlierRunsOf(db, runs.map((run) => run.id));
  return runs.map((run) => {
    const chain = earlier.filter((link) => link.runId === run.id);
    return { ...run, resumedRunIds: chain.map((link) => link.id), firstStartedAt: chain[0]?.startedAt ?? run.startedAt };
  });
}

/** How a run's orders are labelled where they came from (order_deliveries): 'CSV import #12 of orders.csv'. */
export function importDeliveryLabel(runId: number, filesJson: string): string {
  return `CSV import #${runId} of ${(JSON.parse(filesJson) as string[]).map((file) => path.basename(file)).join(", ")}`;
}

/** What the interrupted runs a run completes recorded, for its recording to go on with (OrderRecording.continueRecording). */
export interface EarlierRecording {
  /** Per account: the orders those runs created and updated. */
  ordersByAccount: Map<number, { created: number; updated: number }>;
  /** The accounts those runs created. */
  createdAccounts: Set<number>;
  /** Per account: the timeline line those runs wrote about its orders. */
  lineIds: Map<number, number>;
}

/**
 * What the interrupted runs this one completes recorded: the orders they delivered (found by their label),
 * each account's latest line about imported orders, which is theirs (imports run one at a time, and each
 * order they delivered put a line on its account's timeline), and the accounts those lines say they
 * created. Null when the run resumes none.
 */
export function earlierRecording(db: CrmDatabase, run: ImportRun): EarlierRecording | null {
  const chain = earlierRunsOf(db, [run.id]);
  if (chain.length === 0) return null;
  const sqlite = db.$client;
  const labels = JSON.stringify(chain.map((link) => importDeliveryLabel(link.id, run.files)));
  const from = chain[0]!.startedAt.getTime();
  const ordersByAccount = new Map<number, { created: number; updated: number }>();
  for (const { accountId, created, updated } of sqlite
    .query<{ accountId: number; created: number; updated: number }, [number, string]>(
      `SELECT o.account_id AS accountId, sum(d.first_at >= ?1) AS created, sum(d.first_at < ?1) AS updated
       FROM order_deliveries d JOIN orders o ON o.id = d.order_id
       WHERE d.route = 'csv' AND d.label IN (SELECT value FROM json_each(?2)) GROUP BY o.account_id`,
    )
    .all(from, labels)) {
    ordersByAccount.set(accountId, { created, updated });
  }
  const lines = sqlite
    .query<{ accountId: number; id: number; summary: string }, [string]>(
      `SELECT account_id AS accountId, max(id) AS id, summary FROM activities
       WHERE kind = 'orders_imported' AND account_id IN (SELECT value FROM json_each(?1)) GROUP BY account_id`,
    )
    .all(JSON.stringify([...ordersByAccount.keys()]));
  const lineIds = new Map(lines.map((line) => [line.accountId, line.id] as const));
  // The runs' own words say which accounts they created (an order they moved from another customer can
  // be older than the account it now belongs to, so the orders cannot tell).
  const createdAccounts = new Set(lines.filter((line) => line.summary.startsWith(CREATED_FROM_CSV_IMPORT)).map((line) => line.accountId));
  return { ordersByAccount, createdAccounts, lineIds };
}

/**
 * The interrupted runs each of these completes, followed back to the first, in one query: oldest first for
 * each run, as a run always has a larger id than the one it resumes.
 */
function earlierRunsOf(db: CrmDatabase, runIds: number[]): { runId: number; id: number; startedAt: Date }[] {
  return db.$client
    .query<{ runId: number; id: number; startedAt: number }, [string]>(
      `WITH RECURSIVE chain (run_id, earlier_id) AS (
         SELECT id, resumes_run_id FROM import_runs WHERE id IN (SELECT value FROM json_each(?)) AND resumes_run_id IS NOT NULL
         UNION ALL
         SELECT chain.run_id, import_runs.resumes_run_id FROM chain JOIN import_runs ON import_runs.id = chain.earlier_id WHERE import_runs.resumes_run_id IS NOT NULL
       )
       SELECT chain.run_id AS runId, import_runs.id, import_runs.started_at AS startedAt
       FROM chain JOIN import_runs ON import_runs.id = chain.earlier_id ORDER BY chain.run_id, import_runs.id`,
    )
    .all(JSON.stringify(runIds))
    .map((link) => ({ ...link, startedAt: new Date(link.startedAt) }));
}

function markDeadRunsInterrupted(db: CrmQueries): void {
  const dead = db
    .select()
    .from(importRuns)
    .where(eq(importRuns.state, "running"))
    .all()
    // Before this process claims a run, a run marked with its own id was left by an earlier process that had it.
    .filter((run) => !isAlive(run) || (run.host === hostname() && run.pid === process.pid))
    .map((run) => run.id);
  if (dead.length === 0) return;
  db.update(importRuns)
    .set({ state: "interrupted", error: "The process running it stopped", finishedAt: new Date() })
    .where(and(eq(importRuns.state, "running"), inArray(importRuns.id, dead)))
    .run();
}

function isAlive(run: ImportRun): boolean {
  if (run.host !== hostname()) return Date.now() - run.heartbeatAt.getTime() < OTHER_HOST_SILENCE_MS;
  try {
    process.kill(run.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
