import { whenDatabaseFree } from "../../core/database/busy.ts";
import type { CrmDatabase } from "../../core/database/open.ts";
import { totalMoved, type ListMoves } from "../../core/lifecycle/lifecycle-lists.ts";
import { LifecyclePass } from "../../core/lifecycle/lifecycle-pass.ts";
import { startOfNextBusinessDay } from "../../core/time/business-calendar.ts";
import { formatCount } from "../../contracts/counts.ts";
import { logFailure } from "../failure-log.ts";

export interface LifecyclePassScheduler {
  /** The lifecycle windows changed: run a pass now rather than at midnight (after the one under way, if any). */
  runSoon(): void;
  /** Stops after the batch in hand; what the pass wrote so far stays. */
  stop(): Promise<void>;
}

/**
 * Runs the activity rules over every account when the server starts and again just after each midnight
 * in New York, when "the last N days" move on, so that accounts go from Active to Legacy as time passes
 * without any new order. A batch per turn of the event loop: requests are answered between batches.
 */
export function startLifecyclePassScheduler(db: CrmDatabase, options: { log?: (line: string) => void } = {}): LifecyclePassScheduler {
  const log = options.log ?? ((line: string) => console.log(line));
  let stopped = false;
  let running: Promise<void> | null = null;
  let rerun = false;
  let midnight: ReturnType<typeof setTimeout> | undefined;

  const runPass = async () => {
    // Begins on a later turn: the caller is answered first, and `running` is set before it can be cleared.
    await nextTurn();
    do {
      rerun = false;
      const pass = new LifecyclePass(db);
      // A step refused because another process holds the write lock is tried again: its batch wrote nothing.
      while (!stopped && (await whenDatabaseFree(() => pass.step()))) await nextTurn();
      report(pass.moves);
    } while (rerun && !stopped);
    running = null;
  };
  const runSoon = () => {
    if (stopped) return;
    if (running) rerun = true;
    else running = runPass().catch((error: unknown) => {
      running = null;
      logFailure("activity rules", error);
    });
  };
  const scheduleMidnight = () => {
    // A second past midnight, so that the new day has surely begun on this clock.
    midnight = setTimeout(() => {
      runSoon();
      scheduleMidnight();
    }, startOfNextBusinessDay() - Date.now() + 1_000);
  };
  const report = (moves: ListMoves) => {
    const moved = totalMoved(moves);
    if (moved > 0) log(`${new Date().toISOString()} activity rules: moved ${formatCount(moved)} accounts (to New ${formatCount(moves.new)}, to Active ${formatCount(moves.active)}, to Legacy ${formatCount(moves.legacy)})`);
  };

  runSoon();
  scheduleMidnight();
  return {
    runSoon,
    async stop() {
      stopped = true;
      clearTimeout(midnight);
      await running;
    },
  };
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
