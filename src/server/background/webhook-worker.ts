import type { CrmDatabase } from "../../core/database/open.ts";
import type { ClientOptions } from "../../core/shipstation/shipstation-client.ts";
import { processDueWebhookEvents } from "../../core/shipstation/webhook-events.ts";

export interface WebhookWorker {
  /** Look for due events now rather than at the next poll (a webhook just arrived). */
  wake(): void;
  /** Stops fetching and waits for the event in hand; unfinished events stay pending for the next start. */
  stop(): Promise<void>;
}

/**
 * Works through stored webhook events in the background, one pass at a time: woken by deliveries,
 * and polling so that retries come due and events left pending by a previous run are resumed. A wake
 * waits a moment for the burst it belongs to, so intake answers stay quick while ShipStation sends many.
 */
export function startWebhookWorker(
  db: CrmDatabase,
  env: Record<string, string | undefined>,
  options: { pollMs?: number; settleMs?: number; clientOptions?: ClientOptions } = {},
): WebhookWorker {
  const abort = new AbortController();
  let running: Promise<void> | null = null;
  let wokenWhileRunning = false;
  let settling: ReturnType<typeof setTimeout> | undefined;

  const pass = () => {
    if (abort.signal.aborted) return;
    if (running) {
      wokenWhileRunning = true;
      return;
    }
    running = processDueWebhookEvents(db, env, { ...options.clientOptions, signal: abort.signal })
      .then(() => undefined)
      .catch((error: unknown) => console.error(`${new Date().toISOString()} webhook worker:`, error))
      .finally(() => {
        running = null;
        if (wokenWhileRunning) {
          wokenWhileRunning = false;
          pass();
        }
      });
  };

  const timer = setInterval(pass, options.pollMs ?? 5_000);
  pass();
  return {
    wake() {
      clearTimeout(settling);
      settling = setTimeout(pass, options.settleMs ?? 200);
    },
    async stop() {
      clearInterval(timer);
      clearTimeout(settling);
      abort.abort();
      await running;
    },
  };
}
