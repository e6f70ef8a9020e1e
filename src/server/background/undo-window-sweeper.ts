import { whenDatabaseFree } from "../../core/database/busy.ts";
import type { CrmDatabase } from "../../core/database/open.ts";
import { purgeExpiredUndo } from "../../core/recycle-bin/recycle-bin.ts";
import { logFailure } from "../failure-log.ts";

export interface UndoWindowSweeper {
  /** No pass begins after this. */
  stop(): void;
}

/**
 * Forgets what can no longer be undone (purgeExpiredUndo: recycle bin entries, merges and bulk changes
 * older than UNDO_WINDOW_DAYS) when the server starts, and then every hour: an entry goes at most an hour
 * after its window closes, and restoring refuses one past it meanwhile. Which entries are due is core's rule,
 * tested with a given time; this only schedules it. Its deletions wait for another process's write lock
 * without holding the event loop.
 */
export function startUndoWindowSweeper(db: CrmDatabase, options: { everyMs?: number } = {}): UndoWindowSweeper {
  const everyMs = options.everyMs ?? SWEEP_EVERY_MS;
  let stopped = false;
  const sweepThenWait = async () => {
    try {
      await whenDatabaseFree(() => purgeExpiredUndo(db, new Date()));
    } catch (error) {
      logFailure("undo window sweeper", error);
    }
    if (!stopped) timer = setTimeout(sweepThenWait, everyMs);
  };
  // On a later turn, so that the server starts answering first.
  let timer = setTimeout(sweepThenWait, 0);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

const SWEEP_EVERY_MS = 60 * 60 * 1000;
