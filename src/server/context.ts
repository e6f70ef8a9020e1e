import type { CrmDatabase } from "../core/database/open.ts";
import type { LifecyclePassScheduler } from "./background/lifecycle-pass-scheduler.ts";
import type { BackfillJobs } from "./background/backfill-jobs.ts";
import type { WebhookWorker } from "./background/webhook-worker.ts";
import type { BackupScheduler } from "./background/backup-scheduler.ts";

/** What every route and middleware of one running server shares. */
export interface ServerContext {
  db: CrmDatabase;
  /** Where uploads and other server files are kept, beside crm.db. */
  dataDir: string;
  /** The network address of the caller; Bun.serve knows it (client-address.ts), in-process tests choose it. */
  clientAddress(request: Request): string;
  /** Behind a reverse proxy (`--trust-proxy`): its X-Forwarded-* headers are believed. */
  trustProxy: boolean;
  env: Record<string, string | undefined>;
  webhookWorker: Pick<WebhookWorker, "wake" | "intake">;
  backfills: Pick<BackfillJobs, "start">;
  lifecyclePasses: Pick<LifecyclePassScheduler, "runSoon">;
  dailyBackups: Pick<BackupScheduler, "check">;
}
