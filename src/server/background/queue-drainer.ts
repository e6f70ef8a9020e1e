import { isDatabaseBusy } from "../../core/database/busy.ts";
import type { CrmDatabase } from "../../core/database/open.ts";
import { countQueuedForDuplicates, detectQueuedDuplicates } from "../../core/duplicates/duplicate-queue.ts";
import { countQueuedForSearch, refreshSearchIndex } from "../../core/accounts/search-index.ts";
import { runningImport } from "../../core/import/import-history.ts";
import { countQueuedForPurchaseDays, countQueuedPurchaseDays } from "../../core/analytics/purchase-days.ts";
import { inTransaction } from "../../core/database/transaction.ts";

export interface QueueDrainer {
  stop(): void;
}

/** The trigram search index, brought up to date for the accounts the triggers queued. */
export function startSearchIndexer(db: CrmDatabase, options: { pollMs?: number } = {}): QueueDrainer {
  return startQueueDrainer("search indexer", db, () => countQueuedForSearch(db.$client), () => refreshSearchIndex(db.$client), options);
}

/** Duplicate detection for the accounts orders created (an import, a webhook, a backfill). */
export function startDuplicateDetector(db: CrmDatabase, options: { pollMs?: number } = {}): QueueDrainer {
  return startQueueDrainer("duplicate detector", db, () => countQueuedForDuplicates(db.$client), () => detectQueuedDuplicates(db), options);
}

/** What analytics count for the accounts an import stopped before counting (purchase-days.ts). */
export function startPurchaseDayCounter(db: CrmDatabase, options: { pollMs?: number } = {}): QueueDrainer {
  const countBatch = () => inTransaction(db.$client, () => countQueuedPurchaseDays(db.$client));
  return startQueueDrainer("purchase-day counter", db, () => countQueuedForPurchaseDays(db.$client), countBatch, options);
}

/**
 * Works through a queue of accounts a batch at a time, yielding between batches so requests keep being
 * answered. While an import is running, or the queue is still growing (a backfill, a burst of webhooks),
 * a bulk write is under way: working then would take the write lock from it in turns and slow it down,
 * so the drainer waits for it to end. `drainBatch` returns what is left.
 */
function startQueueDrainer(name: string, db: CrmDatabase, countQueued: () => number, drainBatch: () => number, options: { pollMs?: number }): QueueDrainer {
  const pollMs = options.pollMs ?? 2_000;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout>;
  let queuedAfterLastPass = 0;
  const pass = () => {
    if (stopped) return;
    try {
      const queued = countQueued();
      const growing = queued > queuedAfterLastPass || (queued > 0 && runningImport(db) !== undefined);
      queuedAfterLastPass = growing || queued === 0 ? queued : drainBatch();
      timer = setTimeout(pass, !growing && queuedAfterLastPass > 0 ? 0 : pollMs);
    } catch (error) {
      // Another process's write holds the lock (an import's batch): the batch is done on a later pass.
      if (isDatabaseBusy(error)) {
        timer = setTimeout(pass, BUSY_RETRY_MS);
        return;
      }
      console.error(`${new Date().toISOString()} ${name}:`, error);
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
