import type { Database } from "bun:sqlite";
import { countQueuedForSearch, refreshSearchIndex } from "../../core/accounts/search-index.ts";

/**
 * Drains the search queue after large changes (an import of thousands of accounts) a batch at a time,
 * yielding between batches so requests keep being answered. While the queue is still growing a bulk
 * write (an import, a backfill) is under way: indexing then would only slow it down, so the indexer
 * waits for it to end. Searches stay correct meanwhile: they scan whatever is still queued.
 */
export function startSearchIndexer(sqlite: Database, options: { pollMs?: number } = {}): { stop(): void } {
  const pollMs = options.pollMs ?? 2_000;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout>;
  let queuedAfterLastPass = 0;
  const pass = () => {
    if (stopped) return;
    try {
      const queued = countQueuedForSearch(sqlite);
      const growing = queued > queuedAfterLastPass;
      queuedAfterLastPass = growing || queued === 0 ? queued : refreshSearchIndex(sqlite);
      timer = setTimeout(pass, !growing && queuedAfterLastPass > 0 ? 0 : pollMs);
    } catch (error) {
      console.error(`${new Date().toISOString()} search indexer:`, error);
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
