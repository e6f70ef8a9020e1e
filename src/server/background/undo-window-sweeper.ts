import { whenDatabaseFree } from "../../core/database/busy.ts";
import type { CrmDatabase } from "../../core/database/open.ts";
import { purgeExpiredUndo } from "../../core/recycle-bin/recycle-bin.ts";
import { startPeriodicPass, type PeriodicPass } from "./periodic-pass.ts";

/**
 * Forgets what can no longer be undone (purgeExpiredUndo: recycle bin entries, merges and bulk changes
 * older than UNDO_WINDOW_DAYS) when the server starts, and then every hour: an entry goes at most an hour
 * after its window closes, and restoring refuses one past it meanwhile. Which entries are due is core's rule,
 * tested with a given time; this only schedules it. Its deletions wait for another process's write lock
 * without holding the event loop.
 */
export function startUndoWindowSweeper(db: CrmDatabase): PeriodicPass {
  return startPeriodicPass("undo window sweeper", () => whenDatabaseFree(() => purgeExpiredUndo(db, new Date())), { everyMs: SWEEP_EVERY_MS });
}

const SWEEP_EVERY_MS = 60 * 60 * 1000;
