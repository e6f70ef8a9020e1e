import dashboard from "../web/index.html";
import { neverWaitOnEventLoop, type CrmDatabase } from "../core/database/open.ts";
import { tellWritersWaiting } from "../core/database/waiting-writers.ts";
import { answerWhenDatabaseFree } from "./answer-when-free.ts";
import { MAX_UPLOAD_BYTES } from "../contracts/imports.ts";
import { createApp } from "./app.ts";
import { startActivityPassScheduler } from "./background/activity-pass-scheduler.ts";
import { createBackfillJobs } from "./background/backfill-jobs.ts";
import { startDuplicateDetector, startSearchIndexer } from "./background/queue-drainer.ts";
import { startWalCheckpointer } from "./background/wal-checkpointer.ts";
import { startWebhookWorker } from "./background/webhook-worker.ts";

export interface ServeOptions {
  db: CrmDatabase;
  dataDir: string;
  port: number;
  hostname: string;
  env: Record<string, string | undefined>;
}

export interface RunningServer {
  url: URL;
  /**
   * Stops accepting connections and resolves once every API request in flight has been answered and the
   * background work (webhook events, a backfill) has stopped where it safely can.
   */
  stop(): Promise<void>;
}

/**
 * Serves the API under /api and the dashboard for every other path, so that the browser's router
 * owns the URLs. The dashboard is bundled into the binary at build time.
 */
export function startServer(options: ServeOptions): RunningServer {
  neverWaitOnEventLoop(options.db.$client);
  const walCheckpointer = startWalCheckpointer(options.db.$client.filename);
  const tellImportWritersWait = () => tellWritersWaiting(options.db.$client);
  const webhookWorker = startWebhookWorker(options.db, options.env);
  const backfills = createBackfillJobs(options.db, options.env);
  const searchIndexer = startSearchIndexer(options.db);
  const duplicateDetector = startDuplicateDetector(options.db);
  const activityPasses = startActivityPassScheduler(options.db);
  const app = createApp({
    db: options.db,
    dataDir: options.dataDir,
    env: options.env,
    // Looked up only when asked (sign-in throttling): it costs a system call per request.
    clientAddress: (request) => server.requestIP(request)?.address ?? "unknown",
    webhookWorker,
    backfills,
    activityPasses,
  });
  // Requests still awaiting work (a password hash, an import) when a stop begins must finish before the
  // database closes; Bun's own stop does not wait for them. Most answers are ready at once: app.fetch
  // hands those back as they are, which spares them a promise (app.handle would always make one).
  const inFlight = new Set<Promise<Response>>();
  const server = Bun.serve({
    port: options.port,
    hostname: options.hostname,
    development: process.env.NODE_ENV !== "production",
    // No route takes more than a CSV upload; Bun refuses anything larger before the app sees it.
    maxRequestBodySize: MAX_UPLOAD_BYTES + 64 * 1024,
    routes: {
      "/api/*": (request) => {
        const answer = answerWhenDatabaseFree(app.fetch, request, tellImportWritersWait);
        if (!(answer instanceof Promise)) return answer;
        inFlight.add(answer);
        return answer.finally(() => inFlight.delete(answer));
      },
      "/*": dashboard,
    },
  });
  return {
    url: server.url,
    async stop() {
      const stopped = server.stop();
      searchIndexer.stop();
      duplicateDetector.stop();
      await Promise.allSettled([...inFlight, webhookWorker.stop(), backfills.stop(), activityPasses.stop(), walCheckpointer.stop()]);
      await stopped;
    },
  };
}
