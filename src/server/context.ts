import type { CrmDatabase } from "../core/database/open.ts";
import type { OutgoingMail } from "../core/outgoing-mail/send-mail.ts";
import type { LifecyclePassScheduler } from "./background/lifecycle-pass-scheduler.ts";
import type { BackfillJobs } from "./background/backfill-jobs.ts";
import type { WebhookWorker } from "./background/webhook-worker.ts";
import type { BackupScheduler } from "./background/backup-scheduler.ts";
import type { MailSyncScheduler } from "./background/mail-sync-scheduler.ts";

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
  /** The CRM's e-mail (CRM_MAIL_SMTP and its companions); null when it sends none. */
  mail: OutgoingMail | null;
  /**
   * The address this server listens at, as `crm serve` prints it. A link e-mailed to someone who asked
   * without signing in ("Forgot password?") starts with it when CRM_PUBLIC_URL is not set: never with the
   * Host the request named, which whoever asks chooses (docs/design.md, "Outgoing mail").
   */
  ownUrl(): string;
  /**
   * Answers a request as the server answers one it receives (with its retry when another process holds the
   * write lock): the reads asked for together (routes/reads.ts) are each answered so.
   */
  answer(request: Request): Response | Promise<Response>;
  webhookWorker: Pick<WebhookWorker, "wake" | "intake">;
  backfills: Pick<BackfillJobs, "start">;
  lifecyclePasses: Pick<LifecyclePassScheduler, "runSoon">;
  dailyBackups: Pick<BackupScheduler, "check">;
  mailSync: Pick<MailSyncScheduler, "syncNow" | "isReading">;
}
