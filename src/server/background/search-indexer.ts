import type { Database } from "bun:sqlite";
import { refreshSearchIndex } from "../../core/accounts/search-index.ts";

/**
 * Drains the search queue after large changes (an import of thousands of accounts) a batch at a time,
 * yielding between batches so requests keep being answered. Searches stay correct meanwhile: they scan
 * whatever is still queued.
 */
export function startSearchIndexer(sqlite: Database, options: { pollMs?: number } = {}): { stop(): void } {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout>;
  const pass = () => {
    if (stopped) return;
    try {
      const left = refreshSearchIndex(sqlite);
      timer = setTimeout(pass, left > 0 ? 0 : (options.pollMs ?? 2_000));
    } catch (error) {
      console.error(`${new Date().toISOString()} search indexer:`, error);
      timer = setTimeout(pass, options.pollMs ?? 2_000);
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
