import { isDatabaseBusy } from "../../core/database/busy.ts";
import type { CrmDatabase } from "../../core/database/open.ts";
import { countQueuedForDuplicates, detectQueuedDuplicates, DUPLICATE_QUEUE_BATCH } from "../../core/duplicates/duplicate-queue.ts";
import { countQueuedForSearch, refreshSearchIndex, SEARCH_INDEX_BATCH } from "../../core/accounts/search-index.ts";
import { runningImport } from "../../core/import/import-history.ts";
import { countQueuedForPurchaseDays, countQueuedPurchaseDays, PURCHASE_DAY_QUEUE_BATCH } from "../../core/analytics/purchase-days.ts";
import { inTransaction } from "../../core/database/transaction.ts";
import { WebhookBursts } from "./webhook-bursts.ts";
import { logFailure } from "../failure-log.ts";

export interface QueueDrainer {
  stop(): void;
}

/** A queue of accounts waiting for background work, and its batches. */
export interface AccountQueue {
  name: string;
  countQueued(): number;
  /** Does the work of the next `batchSize` accounts queued and takes them off the queue; returns how many are left. */
  drainBatch(batchSize: number): number;
  batch: number;
  /** Accounts per batch while webhooks arrive: a batch then fits in a slice of the burst (webhook-bursts.ts) with room to spare. */
  batchDuringBurst: number;
}

/** The trigram search index, brought up to date for the accounts the triggers queued. */
export function searchQueue(db: CrmDatabase): AccountQueue {
  const sqlite = db.$client;
  return { name: "search indexer", countQueued: () => countQueuedForSearch(sqlite), drainBatch: (size) => refreshSearchIndex(sqlite, size), batch: SEARCH_INDEX_BATCH, batchDuringBurst: 50 };
}

/** Duplicate detection for the accounts orders created (an import, a webhook, a backfill). */
export function duplicateQueue(db: CrmDatabase): AccountQueue {
  return { name: "duplicate detector", countQueued: () => countQueuedForDuplicates(db.$client), drainBatch: (size) => detectQueuedDuplicates(db, size), batch: DUPLICATE_QUEUE_BATCH, batchDuringBurst: 4 };
}

/** What analytics count for the accounts an import stopped before counting (purchase-days.ts). */
export function purchaseDayQueue(db: CrmDatabase): AccountQueue {
  const sqlite = db.$client;
  const drainBatch = (size: number) => inTransaction(sqlite, () => countQueuedPurchaseDays(sqlite, size));
  return { name: "purchase-day counter", countQueued: () => countQueuedForPurchaseDays(sqlite), drainBatch, batch: PURCHASE_DAY_QUEUE_BATCH, batchDuringBurst: 4 };
}

export interface QueueDrainerOptions {
  pollMs?: number;
  /** When webhooks are arriving: the drainer steps aside for them, as the webhook worker does. */
  bursts?: WebhookBursts;
}

export const startSearchIndexer = (db: CrmDatabase, options: QueueDrainerOptions = {}) => startQueueDrainer(db, searchQueue(db), options);
export const startDuplicateDetector = (db: CrmDatabase, options: QueueDrainerOptions = {}) => startQueueDrainer(db, duplicateQueue(db), options);
export const startPurchaseDayCounter = (db: CrmDatabase, options: QueueDrainerOptions = {}) => startQueueDrainer(db, purchaseDayQueue(db), options);

/**
 * One queue's passes, each taking at most one batch. While an import is running, or the queue is still
 * growing (a backfill, the webhook worker writing orders), a bulk write is under way: working then would
 * take the write lock from it in turns and slow it down, so the queue waits for it to end. While webhooks
 * arrive it steps aside but in the bursts' slices, with smaller batches.
 */
export class QueueDrainerPasses {
  private queuedAfterLastPass = 0;

  constructor(
    private readonly db: CrmDatabase,
    private readonly queue: AccountQueue,
    private readonly bursts: WebhookBursts,
    private readonly pollMs: number,
  ) {}

  /** Does this pass's batch, if any is due; returns how soon to pass again (0: at once, after the requests waiting). */
  next(): number {
    if (!this.bursts.mayWork()) return this.bursts.msUntilWork();
    const queued = this.queue.countQueued();
    const growing = queued > this.queuedAfterLastPass || (queued > 0 && runningImport(this.db) !== undefined);
    const batchSize = this.bursts.underWay() ? this.queue.batchDuringBurst : this.queue.batch;
    this.queuedAfterLastPass = growing || queued === 0 ? queued : this.queue.drainBatch(batchSize);
    return !growing && this.queuedAfterLastPass > 0 ? 0 : this.pollMs;
  }
}

/** Works through a queue of accounts a batch at a time, yielding between batches so requests keep being answered. */
function startQueueDrainer(db: CrmDatabase, queue: AccountQueue, options: QueueDrainerOptions): QueueDrainer {
  const pollMs = options.pollMs ?? 2_000;
  const passes = new QueueDrainerPasses(db, queue, options.bursts ?? new WebhookBursts(), pollMs);
  let stopped = false;
  let timer: ReturnType<typeof setTimeout>;
  const pass = () => {
    if (stopped) return;
    try {
      timer = setTimeout(pass, passes.next());
    } catch (error) {
      // Another process's write holds the lock (an import's batch): the batch is done on a later pass.
      if (isDatabaseBusy(error)) {
        timer = setTimeout(pass, BUSY_RETRY_MS);
        return;
      }
      logFailure(queue.name, error);
      timer = setTimeout(pass, pollMs);
    }
  };
  timer = setTimeout(pass, 0);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

const BUSY_RETRY_MS = 50;
