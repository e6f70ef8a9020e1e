import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { MAIL_ATTACHMENT_MAX_BYTES } from "../../contracts/mail.ts";
import type { Actor } from "../changes/actor.ts";
import { announceChange } from "../changes/change-feed.ts";
import type { CrmDatabase, CrmQueries } from "../database/open.ts";
import { mailFolderCursors, mailMessageMailboxes } from "../database/schema.ts";
import { inTransaction } from "../database/transaction.ts";
import { isInternalMail, isTeamAddress, normalizeSubject, sameConversationBySubject, sameSubjectWindow, type TeamAddresses } from "./conversation-rules.ts";
import { matchAccounts } from "./match-accounts.ts";
import type { ReceivedMessage } from "./received-message.ts";

/** The data directory's folder of attachments' files, each named by the SHA-256 of its content (so kept once). */
export const MAIL_ATTACHMENTS_DIRECTORY = "mail-attachments";

/** A message read from a folder, under its UID, with its attachments' kept files (keepAttachmentFiles). */
export interface FetchedMessage {
  uid: number;
  message: ReceivedMessage;
  attachmentPaths: readonly (string | null)[];
}

export interface BatchCounts {
  /** New messages kept for staff to read. */
  stored: number;
  /** Messages already kept (from another mailbox or folder, or a folder read again): linked, not stored again. */
  alreadyKept: number;
  /** New bulk or internal messages, kept as headers only and shown to no one. */
  skipped: number;
}

/** Mail staff may read: neither bulk nor among the team alone (conversation-rules.ts). */
export function isShownMail(message: ReceivedMessage, team: TeamAddresses): boolean {
  return !message.bulk && !isInternalMail([...new Set(message.participants.map((participant) => participant.address))], team);
}

/**
 * Keeps attachments' files in the data directory, owner-only, before their batch's transaction: named by
 * their content, a file written for a batch that then failed is the very file its retry wants. Answers each
 * attachment's stored path (relative to the data directory), null for one over the size cap.
 */
export function keepAttachmentFiles(dataDir: string, message: ReceivedMessage): (string | null)[] {
  return message.attachments.map((attachment) => {
    if (attachment.content.byteLength > MAIL_ATTACHMENT_MAX_BYTES) return null;
    const name = createHash("sha256").update(attachment.content).digest("hex");
    const relative = path.join(MAIL_ATTACHMENTS_DIRECTORY, name);
    const file = path.join(dataDir, relative);
    if (!existsSync(file)) {
      mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      // Written whole under another name first: a process killed midway leaves no short file under this one.
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, attachment.content, { mode: 0o600 });
      renameSync(partial, file);
    }
    return relative;
  });
}

/**
 * Stores a batch of one folder's messages in ONE short transaction, with the folder's cursor moved to the
 * batch's last UID and the change announced: a sync killed midway keeps every batch before and resumes
 * after it. A message already kept (its Message-ID) is only linked to this mailbox and folder.
 */
export function storeMessageBatch(
  db: CrmDatabase,
  batch: {
    mailboxId: number;
    folder: string;
    uidValidity: number;
    lastUid: number;
    messages: readonly FetchedMessage[];
    team: TeamAddresses;
    actor: Actor;
  },
): BatchCounts {
  return inTransaction(
    db,
    () => {
      const counts: BatchCounts = { stored: 0, alreadyKept: 0, skipped: 0 };
      const accountIds = new Set<number>();
      const now = new Date();
      const sqlite = db.$client;
      for (const { uid, message, attachmentPaths } of batch.messages) {
        const kept = sqlite.query<{ id: number }, [string]>("SELECT id FROM mail_messages WHERE message_id = ?").get(message.messageId);
        const messageRowId = kept?.id ?? storeMessage(db, message, attachmentPaths, batch.team, now, counts, accountIds, batch.actor);
        if (kept) counts.alreadyKept++;
        sqlite
          .query("INSERT INTO mail_message_mailboxes (message_id, mailbox_id, folder, uid) VALUES (?, ?, ?, ?) ON CONFLICT (message_id, mailbox_id, folder) DO UPDATE SET uid = excluded.uid")
          .run(messageRowId, batch.mailboxId, batch.folder, uid);
      }
      db.insert(mailFolderCursors)
        .values({ mailboxId: batch.mailboxId, folder: batch.folder, uidValidity: batch.uidValidity, lastUid: batch.lastUid, updatedAt: now })
        .onConflictDoUpdate({ target: [mailFolderCursors.mailboxId, mailFolderCursors.folder], set: { uidValidity: batch.uidValidity, lastUid: batch.lastUid, updatedAt: now } })
        .run();
      announceChange(db, { type: "mail_received", mailboxId: batch.mailboxId, folder: batch.folder, messages: counts.stored, accountIds: [...accountIds], actor: batch.actor, at: now });
      return counts;
    },
    { immediate: true },
  );
}

/**
 * Stores a message staff sent from the CRM, at once, in ONE transaction with the change announced: in the
 * conversation it answers (its headers) or a new one filed under `accountId`, linked to that account and
 * to every account its people match, shown whole (mail_messages.sent_from_crm). It is kept under the
 * Message-ID the mailer gave it, so a later sync of a Sent folder holding it links it rather than storing it
 * again (storeMessageBatch); were it somehow kept already, it is not stored twice.
 */
export function storeSentMessage(db: CrmDatabase, sent: { message: ReceivedMessage; accountId: number; team: TeamAddresses; actor: Actor }): { messageRowId: number; threadId: number | null } {
  return inTransaction(
    db,
    () => {
      const sqlite = db.$client;
      const kept = sqlite.query<{ id: number }, [string]>("SELECT id FROM mail_messages WHERE message_id = ?").get(sent.message.messageId);
      const counts: BatchCounts = { stored: 0, alreadyKept: 0, skipped: 0 };
      const accountIds = new Set<number>();
      const messageRowId = kept?.id ?? storeMessage(db, sent.message, [], sent.team, new Date(), counts, accountIds, sent.actor, { accountId: sent.accountId });
      const threadId = sqlite.query<{ threadId: number | null }, [number]>("SELECT thread_id AS threadId FROM mail_messages WHERE id = ?").get(messageRowId)!.threadId;
      const to = sent.message.participants.filter((participant) => participant.role !== "from").map((participant) => participant.address);
      announceChange(db, { type: "email_sent", accountId: sent.accountId, threadId, subject: sent.message.subject, to, actor: sent.actor, at: new Date() });
      return { messageRowId, threadId };
    },
    { immediate: true },
  );
}

/**
 * A folder the server numbered anew (another UIDVALIDITY): its old UIDs mean nothing, so its links go and
 * its cursor starts over. The messages stay, and reading the folder again links them back by Message-ID.
 */
export function restartFolder(db: CrmDatabase, mailboxId: number, folder: string, uidValidity: number): void {
  inTransaction(db, () => {
    db.delete(mailMessageMailboxes).where(and(eq(mailMessageMailboxes.mailboxId, mailboxId), eq(mailMessageMailboxes.folder, folder))).run();
    const now = new Date();
    db.insert(mailFolderCursors)
      .values({ mailboxId, folder, uidValidity, lastUid: 0, updatedAt: now })
      .onConflictDoUpdate({ target: [mailFolderCursors.mailboxId, mailFolderCursors.folder], set: { uidValidity, lastUid: 0, updatedAt: now } })
      .run();
  });
}

export function folderCursor(db: CrmQueries, mailboxId: number, folder: string): { uidValidity: number; lastUid: number } | null {
  return (
    db
      .select({ uidValidity: mailFolderCursors.uidValidity, lastUid: mailFolderCursors.lastUid })
      .from(mailFolderCursors)
      .where(and(eq(mailFolderCursors.mailboxId, mailboxId), eq(mailFolderCursors.folder, folder)))
      .get() ?? null
  );
}

/*
 * The statements below run for every message of a first sync, tens of thousands: raw SQL prepared once
 * by bun:sqlite (`query` caches each statement by its text). Built by drizzle, building cost more than
 * running (a 50,000-message mailbox spent most of its minute there); the columns are this module's
 * own tables' (schema.ts).
 */
function storeMessage(
  db: CrmDatabase,
  message: ReceivedMessage,
  attachmentPaths: readonly (string | null)[],
  team: TeamAddresses,
  now: Date,
  counts: BatchCounts,
  accountIds: Set<number>,
  actor: Actor,
  /** Sent by staff from this account: always shown, filed under it, linked to it. */
  sentFrom?: { accountId: number },
): number {
  const sqlite = db.$client;
  const addresses = [...new Set(message.participants.map((participant) => participant.address))];
  const internal = isInternalMail(addresses, team);
  const shown = sentFrom !== undefined || isShownMail(message, team);
  const outside = addresses.filter((address) => !isTeamAddress(address, team));
  const matches = shown ? matchAccounts(db, outside) : [];
  if (sentFrom && !matches.some((match) => match.accountId === sentFrom.accountId)) matches.unshift({ accountId: sentFrom.accountId, matchedBy: "staff" });
  const accountId = sentFrom?.accountId ?? matches[0]?.accountId ?? null;
  const thread = shown ? threadFor(db, message, outside, team, accountId) : null;
  const threadId = thread?.threadId ?? null;
  const { id } = sqlite
    .query<{ id: number }, (string | number | null)[]>(
      `INSERT INTO mail_messages (message_id, thread_id, subject, from_address, from_name, sent_at, text, html, snippet, in_reply_to, "references", bulk, internal, attachment_count, sent_from_crm, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .get(
      message.messageId,
      threadId,
      message.subject,
      message.from?.address ?? "",
      message.from?.name ?? "",
      message.sentAt.getTime(),
      // Bulk and internal mail keep their headers only, so that they are known when seen again.
      shown ? message.text : "",
      shown ? message.html : null,
      shown ? message.snippet : "",
      message.inReplyTo,
      JSON.stringify(message.references),
      message.bulk ? 1 : 0,
      internal ? 1 : 0,
      message.attachments.length,
      sentFrom ? 1 : 0,
      now.getTime(),
    )!;
  const participant = sqlite.query("INSERT OR IGNORE INTO mail_participants (message_id, role, address, name) VALUES (?, ?, ?, ?)");
  for (const { role, address, name } of message.participants) participant.run(id, role, address, name);
  const attachment = sqlite.query("INSERT INTO mail_attachments (message_id, filename, content_type, size, stored_path) VALUES (?, ?, ?, ?, ?)");
  message.attachments.forEach((item, index) => attachment.run(id, item.filename, item.contentType, item.content.byteLength, shown ? (attachmentPaths[index] ?? null) : null));
  const matched = sqlite.query("INSERT INTO mail_message_accounts (message_id, account_id, matched_by) VALUES (?, ?, ?)");
  for (const match of matches) {
    matched.run(id, match.accountId, match.matchedBy);
    accountIds.add(match.accountId);
  }
  if (thread && thread.joined.length > 0) joinThreads(db, thread.threadId, thread.joined, accountId, actor);
  if (shown) counts.stored++;
  else counts.skipped++;
  return id;
}

/**
 * The conversation a message joins, made when it joins none: first by its headers (a message it replies
 * to or references, or one already kept that replies to it), then by the subject rule
 * (conversation-rules.ts). The thread's time and count follow; an account-less thread takes the message's.
 * When its headers name messages of several threads, those are one conversation read out of order: the
 * message joins the oldest, and `joined` names the others, for joinThreads once it is stored.
 */
function threadFor(db: CrmDatabase, message: ReceivedMessage, outside: readonly string[], team: TeamAddresses, accountId: number | null): { threadId: number; joined: number[] } {
  const sqlite = db.$client;
  const [oldest, ...joined] = threadsByHeaders(db, message);
  if (joined.length > 0) return { threadId: oldest!, joined };
  const threadId = oldest ?? threadBySubject(db, message, outside, team);
  if (threadId === null) {
    const created = sqlite
      .query<{ id: number }, [string, string, number | null, number]>("INSERT INTO mail_threads (subject, normalized_subject, account_id, last_message_at, message_count) VALUES (?, ?, ?, ?, 1) RETURNING id")
      .get(message.subject, normalizeSubject(message.subject), accountId, message.sentAt.getTime())!.id;
    return { threadId: created, joined: [] };
  }
  sqlite
    .query("UPDATE mail_threads SET last_message_at = max(last_message_at, ?1), message_count = message_count + 1, account_id = coalesce(account_id, ?2) WHERE id = ?3")
    .run(message.sentAt.getTime(), accountId, threadId);
  return { threadId, joined: [] };
}

/**
 * The threads a message's headers tie it to, oldest conversation first (its earliest message): those of the
 * message it answers and of those it references, and of messages already kept that answer it (a reply read
 * before the message it answers: an inbox read before its Sent folder, or another mailbox read first).
 */
function threadsByHeaders(db: CrmDatabase, message: ReceivedMessage): number[] {
  const sqlite = db.$client;
  const threadOf = sqlite.query<{ threadId: number | null }, [string]>("SELECT thread_id AS threadId FROM mail_messages WHERE message_id = ?");
  const found = new Set<number>();
  for (const id of new Set([message.inReplyTo, ...message.references])) {
    if (id === null) continue;
    const threadId = threadOf.get(id)?.threadId;
    if (threadId != null) found.add(threadId);
  }
  const replies = sqlite.query<{ threadId: number }, [string]>("SELECT DISTINCT thread_id AS threadId FROM mail_messages WHERE in_reply_to = ? AND thread_id IS NOT NULL");
  for (const { threadId } of replies.all(message.messageId)) found.add(threadId);
  if (found.size < 2) return [...found];
  return sqlite
    .query<{ threadId: number }, [string]>(
      "SELECT thread_id AS threadId FROM mail_messages WHERE thread_id IN (SELECT value FROM json_each(?)) GROUP BY thread_id ORDER BY min(sent_at), thread_id",
    )
    .all(JSON.stringify([...found]))
    .map((row) => row.threadId);
}

/**
 * Makes threads that a message showed to be one conversation one thread: the messages of `joined` move to
 * `threadId` (the oldest), whose count, last time and first subject are counted again from its messages,
 * and which keeps its account, else takes the first of the joined threads' (oldest first), else the new
 * message's. The emptied threads are deleted. Matches to accounts stay with their messages, so every
 * account that had one of the threads has the joined one. Announced on the change feed.
 */
function joinThreads(db: CrmDatabase, threadId: number, joined: readonly number[], messageAccountId: number | null, actor: Actor): void {
  const sqlite = db.$client;
  const ids = JSON.stringify(joined);
  const accountOf = sqlite.query<{ accountId: number | null }, [number]>("SELECT account_id AS accountId FROM mail_threads WHERE id = ?");
  const filedUnder = [threadId, ...joined].map((id) => accountOf.get(id)?.accountId ?? null);
  sqlite.query("UPDATE mail_messages SET thread_id = ?1 WHERE thread_id IN (SELECT value FROM json_each(?2))").run(threadId, ids);
  // Those opened by an old number find this thread: the threads joined now, and those once joined into them.
  sqlite.query("UPDATE mail_thread_joins SET joined_into = ?1 WHERE joined_into IN (SELECT value FROM json_each(?2))").run(threadId, ids);
  sqlite.query("INSERT INTO mail_thread_joins (thread_id, joined_into) SELECT value, ?1 FROM json_each(?2)").run(threadId, ids);
  sqlite.query("DELETE FROM mail_threads WHERE id IN (SELECT value FROM json_each(?))").run(ids);
  const counted = sqlite
    .query<{ messageCount: number; lastMessageAt: number; subject: string }, [number]>(
      `SELECT count(*) AS messageCount, max(sent_at) AS lastMessageAt,
         (SELECT subject FROM mail_messages WHERE thread_id = ?1 ORDER BY sent_at, id LIMIT 1) AS subject
       FROM mail_messages WHERE thread_id = ?1`,
    )
    .get(threadId)!;
  // The thread's account first: the audit trail's entry is filed under it.
  const accountIds = [...new Set([...filedUnder, messageAccountId].filter((id): id is number => id !== null))];
  const accountId = accountIds[0] ?? null;
  sqlite
    .query("UPDATE mail_threads SET subject = ?, normalized_subject = ?, last_message_at = ?, message_count = ?, account_id = ? WHERE id = ?")
    .run(counted.subject, normalizeSubject(counted.subject), counted.lastMessageAt, counted.messageCount, accountId, threadId);
  announceChange(db, {
    type: "email_threads_joined",
    threadId,
    joinedThreadIds: joined,
    accountIds,
    actor,
    at: new Date(),
  });
}

function threadBySubject(db: CrmDatabase, message: ReceivedMessage, outside: readonly string[], team: TeamAddresses): number | null {
  const normalizedSubject = normalizeSubject(message.subject);
  if (normalizedSubject === "" || outside.length === 0) return null;
  const { from, to } = sameSubjectWindow(message.sentAt);
  // The messages of threads with this subject within the window, nearest in time first, with their people.
  const rows = db.$client
    .query<{ id: number; threadId: number; sentAt: number; address: string }, [string, number, number, number]>(
      `SELECT m.id, m.thread_id AS threadId, m.sent_at AS sentAt, p.address
       FROM mail_threads t JOIN mail_messages m ON m.thread_id = t.id JOIN mail_participants p ON p.message_id = m.id
       WHERE t.normalized_subject = ?1 AND m.sent_at BETWEEN ?2 AND ?3
       ORDER BY abs(m.sent_at - ?4), m.id`,
    )
    .all(normalizedSubject, from.getTime(), to.getTime(), message.sentAt.getTime());
  const candidates = new Map<number, { threadId: number; sentAt: Date; outsideParticipants: string[] }>();
  for (const row of rows) {
    const candidate = candidates.get(row.id) ?? { threadId: row.threadId, sentAt: new Date(row.sentAt), outsideParticipants: [] };
    if (!isTeamAddress(row.address, team)) candidate.outsideParticipants.push(row.address);
    candidates.set(row.id, candidate);
  }
  const mine = { normalizedSubject, sentAt: message.sentAt, outsideParticipants: outside };
  for (const candidate of candidates.values()) {
    if (sameConversationBySubject(mine, { normalizedSubject, ...candidate })) return candidate.threadId;
  }
  return null;
}
