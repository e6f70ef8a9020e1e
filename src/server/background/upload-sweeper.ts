import type { CrmDatabase } from "../../core/database/open.ts";
import { discardAbandonedUploads } from "../../core/import/uploads.ts";
import { logFailure } from "../failure-log.ts";

export interface UploadSweeper {
  /** No pass begins after this, and the one under way removes nothing more. */
  stop(): void;
}

/**
 * Removes upload tickets and files nobody can use any more (discardAbandonedUploads) when the server
 * starts, for what a stopped server left behind, and then every ten minutes: an unused ticket goes within
 * ten minutes of expiring, an unprocessed file within 40 minutes. Its removals wait for another process's
 * write lock without holding the event loop. The next pass is timed from the end of the last, so that a
 * pass kept waiting for the lock never runs beside another.
 */
export function startUploadSweeper(db: CrmDatabase, dataDir: string, options: { everyMs?: number } = {}): UploadSweeper {
  const everyMs = options.everyMs ?? SWEEP_EVERY_MS;
  const stopping = new AbortController();
  const sweepThenWait = async () => {
    try {
      await discardAbandonedUploads(db, dataDir, { signal: stopping.signal });
    } catch (error) {
      logFailure("upload sweeper", error);
    }
    if (!stopping.signal.aborted) timer = setTimeout(sweepThenWait, everyMs);
  };
  // On a later turn, so that the server starts answering first.
  let timer = setTimeout(sweepThenWait, 0);
  return {
    stop() {
      stopping.abort();
      clearTimeout(timer);
    },
  };
}

const SWEEP_EVERY_MS = 10 * 60 * 1000;
