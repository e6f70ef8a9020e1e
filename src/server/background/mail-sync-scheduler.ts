import { formatCountOf } from "../../contracts/counts.ts";
import { SYSTEM } from "../../core/changes/actor.ts";
import type { CrmDatabase } from "../../core/database/open.ts";
import { watchInbox, type InboxWatch } from "../../core/mail/inbox-watch.ts";
import { mailboxById, type Mailbox } from "../../core/mail/mailboxes.ts";
import { MailSyncError, syncAllMailboxes, syncMailbox, type MailboxSyncResult } from "../../core/mail/sync-mailbox.ts";

/** How long the server waits after one reading of the mailboxes ends before the next begins. */
export const MAIL_SYNC_INTERVAL_MS = 5 * 60 * 1000;
/**
 * How long after the server says new mail came its mailbox is read: mail often comes several messages at
 * once (a customer's reply and its copy, a delivery of queued mail), and one reading takes them all.
 */
export const NEW_MAIL_SETTLES_MS = 1_000;

export interface MailSyncScheduler {
  /** The reading under way, else the last one: resolves when it is done. */
  reading(): Promise<void>;
  /**
   * Resolves once every mailbox read so far whose server offers IDLE has its INBOX watched: mail arriving
   * from then on is read within seconds.
   */
  watching(): Promise<void>;
  /** Reads the mailboxes now (Settings' "Sync now"), unless a reading is under way: that one will do. */
  syncNow(): void;
  /** Whether a reading is under way: Settings shows it, and reads the mailboxes again until it ends. */
  isReading(): boolean;
  /** Stops after the batch in hand, closing the IDLE connections; the next start resumes from there. */
  stop(): Promise<void>;
}

/**
 * Reads the mailboxes' new mail when the server starts and every five minutes after each reading ends, as
 * `crm mail sync` does, and, for each mailbox read whose server offers IDLE, a mailbox as soon as its INBOX
 * receives mail (core/mail/inbox-watch.ts). Readings run one after another, never two at once, so a
 * mailbox is never read twice at a time. Never long on the server's one thread: messages are fetched and
 * parsed between awaits, and each batch is stored in a short transaction of its own (core/mail/store-messages.ts).
 */
export function startMailSyncScheduler(db: CrmDatabase, dataDir: string, env: Record<string, string | undefined>, options: { log?: (line: string) => void } = {}): MailSyncScheduler {
  const log = options.log ?? ((line: string) => console.log(line));
  const say = (line: string) => log(`${new Date().toISOString()} mail: ${line}`);
  const abort = new AbortController();
  // The one queue of readings: each begins when the one before it ended.
  let running: Promise<void> = Promise.resolve();
  let next: ReturnType<typeof setTimeout> | undefined;
  let isReading = false;
  /** Per mailbox: its IDLE watch, and the connection it was opened with (another one means another watch). */
  const watches = new Map<number, { connection: string; watch: InboxWatch }>();
  /** Mailboxes whose new mail is settling before their reading is queued, and those queued. */
  const settling = new Map<number, ReturnType<typeof setTimeout>>();
  const queued = new Set<number>();

  const readMailboxes = async () => {
    try {
      const results = await syncAllMailboxes(db, env, { dataDir, actor: SYSTEM, signal: abort.signal });
      report(results);
      await followMailboxes(results);
    } catch (error) {
      say(error instanceof Error ? error.message : String(error));
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
      if (stored > 0) say(`${formatCountOf(stored, "new message")} from ${mailbox.name}`);
      if (error !== null) say(error);
    }
  };

  /** New mail in a mailbox's INBOX: once it has settled, the mailbox is read, after any reading under way. */
  const newMailIn = (mailboxId: number) => {
    if (abort.signal.aborted || settling.has(mailboxId)) return;
    settling.set(
      mailboxId,
      setTimeout(() => {
        settling.delete(mailboxId);
        // A reading of it still waiting its turn will find this mail too.
        if (queued.has(mailboxId)) return;
        queued.add(mailboxId);
        running = running.then(() => readOneMailbox(mailboxId));
      }, NEW_MAIL_SETTLES_MS),
    );
  };
  const readOneMailbox = async (mailboxId: number) => {
    queued.delete(mailboxId);
    // As it is set up now: removed or changed in Settings since its watch began.
    const mailbox = abort.signal.aborted ? null : mailboxById(db, mailboxId);
    if (!mailbox) return;
    try {
      report([{ mailbox, folders: await syncMailbox(db, mailbox, { dataDir, actor: SYSTEM, signal: abort.signal }), error: null }]);
    } catch (error) {
      say(error instanceof MailSyncError ? error.message : `${mailbox.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  /**
   * Watches the INBOX of each mailbox just read without failure (a mailbox that fails is left to the
   * five-minute reading until it reads again); a mailbox removed, or given another server, user or
   * password, has its watch closed (and a new one for its new connection).
   */
  const followMailboxes = async (results: readonly MailboxSyncResult[]) => {
    if (abort.signal.aborted) return;
    const current = new Map(results.map((result) => [result.mailbox.id, result]));
    for (const [mailboxId, { connection, watch }] of watches) {
      const result = current.get(mailboxId);
      if (!result || connectionOf(result.mailbox) !== connection || !readsInbox(result.mailbox)) {
        watches.delete(mailboxId);
        await watch.stop();
      }
    }
    if (abort.signal.aborted) return;
    for (const { mailbox, error } of results) {
      if (error !== null || watches.has(mailbox.id) || !readsInbox(mailbox)) continue;
      const watch = watchInbox(mailbox, {
        newMail: () => newMailIn(mailbox.id),
        lost: (reason) => say(`watching the INBOX of ${mailbox.name} for new mail stopped (${reason}); opening it again`),
      });
      watches.set(mailbox.id, { connection: connectionOf(mailbox), watch });
    }
  };

  void runNow();
  return {
    reading: () => running,
    async watching() {
      await running;
      await Promise.all([...watches.values()].map(({ watch }) => watch.watching));
    },
    syncNow() {
      if (!isReading && !abort.signal.aborted) void runNow();
    },
    isReading: () => isReading,
    async stop() {
      abort.abort();
      clearTimeout(next);
      for (const timer of settling.values()) clearTimeout(timer);
      settling.clear();
      // The reading under way ends after its batch in hand and begins no watch once stopped.
      await running;
      await Promise.all([...watches.values()].map(({ watch }) => watch.stop()));
      watches.clear();
    },
  };
}

/** What a mailbox's connection depends on: another value needs another connection. */
function connectionOf(mailbox: Mailbox): string {
  return JSON.stringify([mailbox.host, mailbox.port, mailbox.secure, mailbox.username, mailbox.secret]);
}

function readsInbox(mailbox: Mailbox): boolean {
  return mailbox.folders.some((folder) => folder.toUpperCase() === "INBOX");
}
