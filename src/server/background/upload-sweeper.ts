import type { CrmDatabase } from "../../core/database/open.ts";
import { discardAbandonedUploads } from "../../core/import/uploads.ts";
import { startPeriodicPass, type PeriodicPass } from "./periodic-pass.ts";

/**
 * Removes upload tickets and files nobody can use any more (discardAbandonedUploads) when the server
 * starts, for what a stopped server left behind, and then every ten minutes: an unused ticket goes within
 * ten minutes of expiring, an unprocessed file within 40 minutes. Its removals wait for another process's
 * write lock without holding the event loop; once stopped, the pass under way removes nothing more.
 */
export function startUploadSweeper(db: CrmDatabase, dataDir: string, options: { everyMs?: number } = {}): PeriodicPass {
  return startPeriodicPass("upload sweeper", (signal) => discardAbandonedUploads(db, dataDir, { signal }), { everyMs: options.everyMs ?? SWEEP_EVERY_MS });
}

const SWEEP_EVERY_MS = 10 * 60 * 1000;
