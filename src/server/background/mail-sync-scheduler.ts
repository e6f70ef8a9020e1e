import { formatCountOf } from "../../contracts/counts.ts";
import { SYSTEM } from "../../core/changes/actor.ts";
import type { CrmDatabase } from "../../core/database/open.ts";
import { syncAllMailboxes, type MailboxSyncResult } from "../../core/mail/sync-mailbox.ts";

/** How long the server waits after one reading of the mailboxes ends before the next begins. */
export const MAIL_SYNC_INTERVAL_MS = 5 * 60 * 1000;

export interface MailSyncScheduler {
  /** The reading under way, else the last one: resolves when it is done. */
  reading(): Promise<void>;
  /** Reads the mailboxes now (Settings' "Sync now"), unless a reading is under way: that one will do. */
  syncNow(): void;
  /** Whether a reading is under way: Settings shows it, and reads the mailboxes again until it ends. */
  isReading(): boolean;
  /** Stops after the batch in hand; the next start resumes from there. */
  stop(): Promise<void>;
}

/**
 * Reads the mailboxes' new mail when the server starts and every five minutes after each reading ends, as
 * `crm mail sync` does. Never long on the server's one thread: messages are fetched and parsed between
 * awaits, and each batch is stored in a short transaction of its own (core/mail/store-messages.ts).
 */
export function startMailSyncScheduler(db: CrmDatabase, dataDir: string, env: Record<string, string | undefined>, options: { log?: (line: string) => void } = {}): MailSyncScheduler {
  const log = options.log ?? ((line: string) => console.log(line));
  const abort = new AbortController();
  let running: Promise<void> = Promise.resolve();
  let next: ReturnType<typeof setTimeout> | undefined;
  let isReading = false;

  const readMailboxes = async () => {
    try {
      report(await syncAllMailboxes(db, env, { dataDir, actor: SYSTEM, signal: abort.signal }));
    } catch (error) {
      log(`${new Date().toISOString()} mail: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      isReading = false;
    }
  };
  const runNow = () => {
    clearTimeout(next);
    // Under way from now, not from the turn the reading begins on: the list read just after "Sync now" says so.
    isReading = true;
    running = running.then(readMailboxes).then(() => {
      if (!abort.signal.aborted) next = setTimeout(() => void runNow(), MAIL_SYNC_INTERVAL_MS);
    });
    return running;
  };
  const report = (results: readonly MailboxSyncResult[]) => {
    for (const { mailbox, folders, error } of results) {
      const stored = folders.reduce((sum, folder) => sum + folder.stored, 0);
      if (stored > 0) log(`${new Date().toISOString()} mail: ${formatCountOf(stored, "new message")} from ${mailbox.name}`);
      if (error !== null) log(`${new Date().toISOString()} mail: ${error}`);
    }
  };

  void runNow();
  return {
    reading: () => running,
    syncNow() {
      if (!isReading && !abort.signal.aborted) void runNow();
    },
    isReading: () => isReading,
    async stop() {
      abort.abort();
      clearTimeout(next);
      await running;
    },
  };
}
