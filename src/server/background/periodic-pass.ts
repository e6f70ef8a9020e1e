import { DatabaseBusyTooLong } from "../../core/database/busy.ts";
import { logFailure } from "../failure-log.ts";

export interface PeriodicPass {
  /** No pass begins after this, and the one under way is told to stop (its signal). */
  stop(): void;
}

/**
 * Background work done when the server starts, then `everyMs` after each pass ends, so that a pass kept
 * waiting for another process's write lock never runs beside the next. When that process keeps crm.db
 * longer than the pass would wait (whenDatabaseFree, during a long CLI import), nothing has failed: the
 * pass is tried again a minute later rather than a whole period later, and the log is told nothing.
 * Anything else that fails is logged, and the pass is done again at its next time.
 */
export function startPeriodicPass(what: string, work: (signal: AbortSignal) => Promise<unknown>, timings: { everyMs: number; busyRetryMs?: number }): PeriodicPass {
  const stopping = new AbortController();
  const passThenWait = async () => {
    let nextInMs = timings.everyMs;
    try {
      await work(stopping.signal);
    } catch (error) {
      if (error instanceof DatabaseBusyTooLong) nextInMs = Math.min(nextInMs, timings.busyRetryMs ?? BUSY_RETRY_MS);
      else logFailure(what, error);
    }
    if (!stopping.signal.aborted) timer = setTimeout(passThenWait, nextInMs);
  };
  // On a later turn, so that the server starts answering first.
  let timer = setTimeout(passThenWait, 0);
  return {
    stop() {
      stopping.abort();
      clearTimeout(timer);
    },
  };
}

const BUSY_RETRY_MS = 60_000;
