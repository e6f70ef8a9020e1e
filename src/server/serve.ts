import type { HTMLBundle } from "bun";
import dashboard from "../web/index.html";
import { neverWaitOnEventLoop, type CrmDatabase } from "../core/database/open.ts";
import { tellWritersWaiting } from "../core/database/waiting-writers.ts";
import { answerWhenDatabaseFree, receivedRequest } from "./answer-when-free.ts";
import { uploadLimitBytes } from "../core/import/upload-limit.ts";
import { createApp } from "./app.ts";
import type { ServerContext } from "./context.ts";
import { WEBHOOK_PATHS, webhookRoutes, type WebhookRoute } from "./routes/webhooks.ts";
import { outgoingMailOf } from "../core/outgoing-mail/send-mail.ts";
import { clientAddressOf } from "./client-address.ts";
import { DashboardFiles } from "./dashboard-files.ts";
import { AllowedHosts } from "./middleware/allowed-hosts.ts";
import { securityHeadersFor } from "./middleware/security-headers.ts";
import { startLifecyclePassScheduler } from "./background/lifecycle-pass-scheduler.ts";
import { startBackupScheduler } from "./background/backup-scheduler.ts";
import { createBackfillJobs } from "./background/backfill-jobs.ts";
import { startDuplicateDetector, startPurchaseDayCounter, startSearchIndexer } from "./background/queue-drainer.ts";
import { startUploadSweeper } from "./background/upload-sweeper.ts";
import { startUndoWindowSweeper } from "./background/undo-window-sweeper.ts";
import { startAuditPruner } from "./background/audit-pruner.ts";
import { startWalCheckpointer } from "./background/wal-checkpointer.ts";
import { abandonBackupsOnThread } from "../core/backups/backup-thread.ts";
import { abandonPreviewOnThread } from "../core/import/preview-thread.ts";
import { WalKeeper } from "../core/database/wal.ts";
import { startWebhookWorker } from "./background/webhook-worker.ts";
import { WebhookBursts } from "./background/webhook-bursts.ts";
import { startMailSyncScheduler } from "./background/mail-sync-scheduler.ts";

export interface ServeOptions {
  db: CrmDatabase;
  dataDir: string;
  port: number;
  hostname: string;
  env: Record<string, string | undefined>;
  /** Behind a reverse proxy: the client's address and HTTPS come from its X-Forwarded-* headers (client-address.ts). */
  trustProxy: boolean;
  /** Host names answered besides IP addresses, localhost and `hostname` (middleware/allowed-hosts.ts). */
  allowedHosts: readonly string[];
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
  const tellImportWritersWait = () => tellWritersWaiting(options.db.$client);
  // Requests still awaiting work (a password hash, an import) when a stop begins must finish before the
  // database closes; Bun's own stop does not wait for them. Most answers are ready at once: app.fetch
  // hands those back as they are, which spares them a promise (app.handle would always make one).
  const inFlight = new Set<Promise<Response>>();
  const allowedHosts = new AllowedHosts(options.hostname, options.allowedHosts);
  const refusedHost = (request: Request) => {
    const refusal = allowedHosts.refusal(request);
    for (const [name, value] of Object.entries(securityHeadersFor(request, options.trustProxy))) refusal.headers.set(name, value);
    return refusal;
  };
  const api = (answerOf: (request: Request) => Response | Promise<Response>) => (request: Request) => {
    if (!allowedHosts.allows(request)) return refusedHost(request);
    const answer = answerOf(request);
    if (!(answer instanceof Promise)) return answer;
    inFlight.add(answer);
    return answer.finally(() => inFlight.delete(answer));
  };
  // ShipStation's webhooks, answered ahead of the app (routes/webhooks.ts), store deliveries in the intake
  // file, which only this server writes, and never write crm.db: no answer of theirs is refused for another
  // process's lock, so they are not recorded for a second try, which costs a stream of its own per request.
  let webhooks: Record<string, WebhookRoute>;
  // Listening first: a port already taken stops the start here, before any background work has begun
  // (a backup, timers that would keep the failed process alive). The routes reach the app and the
  // webhooks, made below, only once a request comes, after this function has returned.
  const server = Bun.serve({
    port: options.port,
    hostname: options.hostname,
    development: process.env.NODE_ENV !== "production",
    // No route takes more than a CSV upload; Bun refuses anything larger before the app sees it.
    maxRequestBodySize: uploadLimitBytes(options.env) + 64 * 1024,
    routes: {
      "/api/*": api((request) => answerWhenDatabaseFree(app.fetch, request, tellImportWritersWait)),
      ...Object.fromEntries(WEBHOOK_PATHS.map((path) => [path, api((request) => webhooks[path]!(request))])),
      ...dashboardRoutes(dashboard, options.trustProxy, allowedHosts, refusedHost),
    },
  });
  const walCheckpointer = startWalCheckpointer(options.db.$client.filename);
  options.db.wal = new WalKeeper(options.db.$client.filename, walCheckpointer.checkpoint);
  // The webhooks' deliveries come first: the worker and the queues step aside together while they arrive.
  const bursts = new WebhookBursts();
  const webhookWorker = startWebhookWorker(options.db, options.env, { bursts });
  const backfills = createBackfillJobs(options.db, options.env);
  const searchIndexer = startSearchIndexer(options.db, { bursts });
  const duplicateDetector = startDuplicateDetector(options.db, { bursts });
  const purchaseDayCounter = startPurchaseDayCounter(options.db, { bursts });
  const lifecyclePasses = startLifecyclePassScheduler(options.db);
  const uploadSweeper = startUploadSweeper(options.db, options.dataDir);
  const undoWindowSweeper = startUndoWindowSweeper(options.db);
  const dailyBackups = startBackupScheduler(options.db, options.dataDir);
  const auditPruner = startAuditPruner(options.db);
  const mail = outgoingMailOf(options.env);
  const mailSync = startMailSyncScheduler(options.db, options.dataDir, options.env);
  const context: ServerContext = {
    db: options.db,
    dataDir: options.dataDir,
    env: options.env,
    mail,
    ownUrl: () => server.url.origin,
    // Looked up only when asked (sign-in throttling): it costs a system call per request.
    clientAddress: (request) => clientAddressOf(request, server.requestIP(receivedRequest(request))?.address, options.trustProxy),
    trustProxy: options.trustProxy,
    answer: (request) => answerWhenDatabaseFree(app.fetch, request, tellImportWritersWait),
    webhookWorker,
    backfills,
    lifecyclePasses,
    dailyBackups,
    mailSync,
  };
  const app = createApp(context);
  webhooks = webhookRoutes(context);
  return {
    url: server.url,
    async stop() {
      const stopped = server.stop();
      searchIndexer.stop();
      uploadSweeper.stop();
      undoWindowSweeper.stop();
      auditPruner.stop();
      duplicateDetector.stop();
      await abandonBackupsOnThread();
      await abandonPreviewOnThread();
      purchaseDayCounter.stop();
      await Promise.allSettled([...inFlight, webhookWorker.stop(), backfills.stop(), lifecyclePasses.stop(), dailyBackups.stop(), mailSync.stop(), walCheckpointer.stop()]);
      await stopped;
    },
  };
}

/**
 * The dashboard's page for every path but its own files. Bun serves an HTML import with headers of its own
 * choosing, so the compiled binary, which carries the bundle's files, serves them itself (dashboard-files.ts:
 * compressed, cached by the browser, the page naming what to preload) with the security headers. Run from
 * the source (`bun src/cli/main.ts serve`) nothing is built yet: Bun bundles the page on the fly, with hot
 * reloading and an inline script of its own, and serves it without them; the API keeps them.
 */
function dashboardRoutes(
  bundle: HTMLBundle,
  trustProxy: boolean,
  allowedHosts: AllowedHosts,
  refusedHost: (request: Request) => Response,
): Record<string, HTMLBundle | ((request: Request) => Response)> {
  if (bundle.files === undefined) return { "/*": bundle };
  const files = new DashboardFiles({ index: bundle.index, files: bundle.files });
  return Object.fromEntries(
    files.routes().map((urlPath) => [
      urlPath,
      (request: Request) => (allowedHosts.allows(request) ? files.answer(urlPath, request, securityHeadersFor(request, trustProxy)) : refusedHost(request)),
    ]),
  );
}
