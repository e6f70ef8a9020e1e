import { ImapFlow, type ListResponse } from "imapflow";
import type { Actor } from "../changes/actor.ts";
import { whenDatabaseFree } from "../database/busy.ts";
import type { CrmDatabase } from "../database/open.ts";
import { DomainError } from "../errors.ts";
import { keepEnvironmentMailboxes, mailboxesFromEnvironment, recordMailboxSync, settingsMailboxes, type Mailbox } from "./mailboxes.ts";
import type { TeamAddresses } from "./conversation-rules.ts";
import { teamAddresses } from "./match-accounts.ts";
import { readReceivedMessage } from "./received-message.ts";
import { folderCursor, isShownMail, keepAttachmentFiles, restartFolder, storeMessageBatch, type BatchCounts, type FetchedMessage } from "./store-messages.ts";

/** Messages fetched and stored together: one round trip to the server and one short transaction each. */
export const MAIL_BATCH_SIZE = 200;

export interface MailSyncProgress extends BatchCounts {
  mailbox: Mailbox;
  folder: string;
  /** The folder's messages read so far in this run, of `total` new ones. */
  read: number;
  total: number;
}

export interface FolderSummary extends BatchCounts {
  folder: string;
  /** The server numbered the folder anew (another UIDVALIDITY), so it was read again from the start. */
  restarted: boolean;
  /** The server has no such folder: nothing was read. */
  missing: boolean;
}

export interface MailSyncOptions {
  /** Where attachments' files are kept (its mail-attachments folder). */
  dataDir: string;
  actor: Actor;
  batchSize?: number;
  /** Called after each batch's commit; a sync stopped in it resumes after that batch. */
  onProgress?: (progress: MailSyncProgress) => void | Promise<void>;
  /** Stops after the batch in hand (a server shutting down); the next sync resumes there. */
  signal?: AbortSignal;
}

/** A mailbox could not be read: the server refused the sign-in, could not be reached, or went away. */
export class MailSyncError extends DomainError {
  constructor(message: string) {
    super("unavailable", message);
    this.name = "MailSyncError";
  }
}

/**
 * Reads a mailbox's folders over IMAP (imapflow) and keeps their new messages: per folder, from the UID
 * after its cursor, in batches, each parsed (postal-mime), then stored in one short transaction that moves
 * the cursor (store-messages.ts). A folder whose UIDVALIDITY changed is read again from the start, linking
 * the messages already kept rather than storing them twice. The mailbox's last sync and error are recorded;
 * a failure is thrown as a MailSyncError saying what happened, after the batches already stored.
 */
export async function syncMailbox(db: CrmDatabase, mailbox: Mailbox, options: MailSyncOptions): Promise<FolderSummary[]> {
  const client = imapClientOf(mailbox);
  // A connection dropped midway is also emitted as an event: the failed command carries it to us.
  client.on("error", () => {});
  const summaries: FolderSummary[] = [];
  try {
    await client.connect().catch((error: unknown) => {
      throw new MailSyncError(describeConnectFailure(mailbox, error));
    });
    const listed = await client.list();
    const team = teamAddresses(db);
    for (const folder of mailbox.folders) {
      if (options.signal?.aborted) break;
      const path = folderOnServer(folder, listed);
      if (path === null) {
        summaries.push({ folder, stored: 0, alreadyKept: 0, skipped: 0, restarted: false, missing: true });
        continue;
      }
      summaries.push(await syncFolder(db, client, mailbox, path, team, options));
    }
    await client.logout();
    await whenDatabaseFree(() => recordMailboxSync(db, [mailbox.id], new Date(), null));
    return summaries;
  } catch (error) {
    client.close();
    const failure = error instanceof MailSyncError ? error : new MailSyncError(`Reading ${mailbox.name} stopped: ${error instanceof Error ? error.message : String(error)}`);
    await whenDatabaseFree(() => recordMailboxSync(db, [mailbox.id], new Date(), failure.message));
    throw failure;
  }
}

async function syncFolder(db: CrmDatabase, client: ImapFlow, mailbox: Mailbox, folder: string, team: TeamAddresses, options: MailSyncOptions): Promise<FolderSummary> {
  const summary: FolderSummary = { folder, stored: 0, alreadyKept: 0, skipped: 0, restarted: false, missing: false };
  const opened = await client.mailboxOpen(folder, { readOnly: true });
  const uidValidity = Number(opened.uidValidity);
  let cursor = folderCursor(db, mailbox.id, folder);
  if (cursor !== null && cursor.uidValidity !== uidValidity) {
    await whenDatabaseFree(() => restartFolder(db, mailbox.id, folder, uidValidity));
    cursor = { uidValidity, lastUid: 0 };
    summary.restarted = true;
  }
  const after = cursor?.lastUid ?? 0;
  if (opened.exists === 0) return summary;
  // `n:*` names the folder's last message even when its UID is below n: only UIDs past the cursor are new.
  const found = await client.search({ uid: `${after + 1}:*` }, { uid: true });
  const uids = (found || []).filter((uid) => uid > after).sort((a, b) => a - b);
  const batchSize = options.batchSize ?? MAIL_BATCH_SIZE;
  const fetchBatch = (start: number) => {
    if (start >= uids.length) return null;
    const fetching = client.fetchAll(uids.slice(start, start + batchSize).join(","), { uid: true, source: true, internalDate: true }, { uid: true });
    // Awaited by the loop, unless the sync stops first: then its failure is no one's to report.
    fetching.catch(() => {});
    return fetching;
  };
  // The next batch comes over the network while this one is parsed and stored.
  let next = fetchBatch(0);
  for (let start = 0; start < uids.length && !options.signal?.aborted; start += batchSize) {
    const wanted = uids.slice(start, start + batchSize);
    const fetched = await next!;
    // A connection closed midway ends the fetch early rather than failing it: what came is not the batch.
    if (!client.usable) throw new MailSyncError(`Reading ${mailbox.name} stopped: the mail server closed the connection in ${folder}`);
    next = fetchBatch(start + batchSize);
    const messages: FetchedMessage[] = [];
    let unreadable = 0;
    for (const item of fetched.sort((a, b) => a.uid - b.uid)) {
      if (!item.source) continue;
      const receivedAt = item.internalDate instanceof Date ? item.internalDate : new Date(item.internalDate ?? Date.now());
      // A message postal-mime cannot read is passed over, counted as skipped: stopping at it would stop
      // the folder there for good.
      const message = await readReceivedMessage(item.source, receivedAt).catch(() => null);
      if (message === null) unreadable++;
      // Bulk and internal mail keep no files: their messages keep headers only.
      else messages.push({ uid: item.uid, message, attachmentPaths: isShownMail(message, team) ? keepAttachmentFiles(options.dataDir, message) : [] });
    }
    // The server's connection never waits for another process's write lock: it tries again, as the
    // transaction refused at its start wrote nothing.
    const counts = await whenDatabaseFree(() => storeMessageBatch(db, { mailboxId: mailbox.id, folder, uidValidity, lastUid: wanted[wanted.length - 1]!, messages, team, actor: options.actor }));
    counts.skipped += unreadable;
    summary.stored += counts.stored;
    summary.alreadyKept += counts.alreadyKept;
    summary.skipped += counts.skipped;
    await options.onProgress?.({ mailbox, folder, ...counts, read: start + wanted.length, total: uids.length });
  }
  return summary;
}

/**
 * The server's folder for a configured name: the same path, else (for "Sent", the default) the folder the
 * server marks as its sent mail, whatever it calls it ("Sent Items", "[Gmail]/Sent Mail").
 */
function folderOnServer(folder: string, listed: readonly ListResponse[]): string | null {
  const same = listed.find((item) => item.path === folder || (folder.toUpperCase() === "INBOX" && item.path.toUpperCase() === "INBOX"));
  if (same) return same.path;
  if (folder.toLowerCase() === "sent") return listed.find((item) => item.specialUse === "\\Sent")?.path ?? null;
  return null;
}

function describeConnectFailure(mailbox: Mailbox, error: unknown): string {
  const where = `${mailbox.username} on ${mailbox.host}:${mailbox.port}`;
  const failure = error as { authenticationFailed?: boolean; code?: string; message?: string };
  if (failure.authenticationFailed) return `The mail server refused the sign-in of ${where}: check the user and password`;
  if (failure.code === "ECONNREFUSED") return `Could not reach the mail server for ${where}: the connection was refused`;
  if (failure.code === "ENOTFOUND") return `Could not reach the mail server for ${where}: no such host`;
  return `Could not connect to the mail server for ${where}: ${failure.message ?? String(error)}`;
}

export interface MailboxSyncResult {
  mailbox: Mailbox;
  folders: FolderSummary[];
  /** What stopped it; the batches stored before stay. */
  error: string | null;
}

/**
 * Reads every mailbox there is: those set up in Settings and those the environment names (kept in the
 * table first, mailboxes.ts), one after another; a mailbox that fails does not stop the others. A mistake
 * in the environment is refused before anything is read.
 */
export async function syncAllMailboxes(db: CrmDatabase, env: Record<string, string | undefined>, options: MailSyncOptions): Promise<MailboxSyncResult[]> {
  const setups = mailboxesFromEnvironment(env).map((item) => item.setup);
  const fromEnvironment = await whenDatabaseFree(() => keepEnvironmentMailboxes(db, setups));
  const results: MailboxSyncResult[] = [];
  for (const mailbox of [...settingsMailboxes(db), ...fromEnvironment]) {
    if (options.signal?.aborted) break;
    try {
      results.push({ mailbox, folders: await syncMailbox(db, mailbox, options), error: null });
    } catch (error) {
      if (!(error instanceof MailSyncError)) throw error;
      results.push({ mailbox, folders: [], error: error.message });
    }
  }
  return results;
}

/**
 * A connection to a mailbox's server, not yet opened: the one way the sync and the inbox watch
 * (inbox-watch.ts) reach it. It never idles by itself: the watch begins IDLE at once, rather than after
 * imapflow's 15 quiet seconds, and a reading never idles.
 */
export function imapClientOf(mailbox: Mailbox, options: { maxIdleTime?: number } = {}): ImapFlow {
  return new ImapFlow({
    host: mailbox.host,
    port: mailbox.port,
    secure: mailbox.secure,
    auth: { user: mailbox.username, pass: mailbox.secret },
    logger: false,
    disableAutoIdle: true,
    ...options,
  });
}
