import { isDatabaseBusy } from "../../core/database/busy.ts";
import type { CrmDatabase } from "../../core/database/open.ts";
import type { ClientOptions } from "../../core/shipstation/shipstation-client.ts";
import { processDueWebhookEvents } from "../../core/shipstation/webhook-events.ts";
import { WebhookIntake } from "../../core/shipstation/webhook-intake.ts";
import { WebhookBursts } from "./webhook-bursts.ts";
import { logFailure } from "../failure-log.ts";

export interface WebhookWorker {
  /** Where deliveries are stored as they arrive (webhook-intake.db), for this worker to move into crm.db. */
  intake: WebhookIntake;
  /** A webhook just arrived: look for due events once its burst is over, rather than at the next poll. */
  wake(): void;
  /** Stops fetching and waits for the event in hand; unfinished events stay pending, and stored deliveries stored, for the next start. */
  stop(): Promise<void>;
}

export interface WebhookWorkerOptions {
  /** How often to look for due events (retries coming due, events left by a previous run). */
  pollMs?: number;
  /** When deliveries are arriving, shared with the server's other background work, which steps aside with the worker. */
  bursts?: WebhookBursts;
  clientOptions?: ClientOptions;
}

/**
 * Works through stored webhook events in the background, one pass at a time: woken by deliveries, and
 * polling so that retries come due and events left pending by a previous run are resumed. Each pass first
 * moves the deliveries stored in the intake into crm.db; while another process holds crm.db's write lock
 * it does nothing else and tries again shortly, as the deliveries are safe where they are. Writing an
 * event's orders holds the server's only thread for milliseconds, so while ShipStation sends a burst the
 * worker steps aside and intake answers stay quick, working only in the bursts' slices (webhook-bursts.ts),
 * so that under a stream that never pauses nothing waits for ever.
 */
export function startWebhookWorker(db: CrmDatabase, env: Record<string, string | undefined>, options: WebhookWorkerOptions = {}): WebhookWorker {
  const bursts = options.bursts ?? new WebhookBursts();
  const intake = new WebhookIntake(db, (line) => console.error(line));
  const abort = new AbortController();
  let running: Promise<void> | null = null;
  let wokenWhileRunning = false;
  let settling: ReturnType<typeof setTimeout> | undefined;
  let resuming: ReturnType<typeof setTimeout> | undefined;

  const keepGoing = () => bursts.mayWork();
  const pass = () => {
    if (abort.signal.aborted) return;
    if (running) {
      wokenWhileRunning = true;
      return;
    }
    running = workThrough()
      .then((databaseBusy) => {
        if (abort.signal.aborted) return;
        clearTimeout(resuming);
        if (databaseBusy) resuming = setTimeout(pass, DATABASE_BUSY_RETRY_MS);
        // Stopped for a burst: carry on in its next slice, or once it is over (wake's timer) if that is sooner.
        else if (!bursts.mayWork()) resuming = setTimeout(pass, bursts.msUntilWork());
      })
      .catch((error: unknown) => logFailure("webhook worker", error))
      .finally(() => {
        running = null;
        if (wokenWhileRunning) {
          wokenWhileRunning = false;
          pass();
        }
      });
  };

  /** Resolves true when crm.db was busy with another process's write, and the pass is to be done again soon. */
  const workThrough = async (): Promise<boolean> => {
    try {
      while (keepGoing() && intake.moveBatchIntoDatabase() > 0) await nextTurn();
    } catch (error) {
      if (isDatabaseBusy(error)) return true;
      throw error;
    }
    await processDueWebhookEvents(db, env, { ...options.clientOptions, signal: abort.signal }, keepGoing);
    return false;
  };

  const timer = setInterval(() => {
    if (bursts.mayWork()) pass();
  }, options.pollMs ?? 5_000);
  pass();
  return {
    intake,
    wake() {
      bursts.deliveryArrived();
      clearTimeout(settling);
      settling = setTimeout(pass, bursts.settleMs);
    },
    async stop() {
      clearInterval(timer);
      clearTimeout(settling);
      clearTimeout(resuming);
      abort.abort();
      await running;
      intake.close();
    },
  };
}

/** Between batches of deliveries moved into crm.db, requests are answered. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** How soon deliveries are moved again after crm.db was busy: an import holds its lock for short batches. */
const DATABASE_BUSY_RETRY_MS = 50;
