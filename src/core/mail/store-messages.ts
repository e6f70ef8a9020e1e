import { createHash } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { MAIL_ATTACHMENT_MAX_BYTES } from "../../contracts/mail.ts";
import type { Actor } from "../changes/actor.ts";
import { announceChange } from "../changes/change-feed.ts";
import type { CrmDatabase, CrmQueries } from "../database/open.ts";
import { mailAttachments, mailFolderCursors, mailMessageAccounts, mailMessageMailboxes, mailMessages, mailParticipants, mailThreads } from "../database/schema.ts";
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
      writeFileSync(file, attachment.content, { mode: 0o600 });
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
      for (const { uid, message, attachmentPaths } of batch.messages) {
        const kept = db.select({ id: mailMessages.id }).from(mailMessages).where(eq(mailMessages.messageId, message.messageId)).get();
        const messageRowId = kept?.id ?? storeMessage(db, message, attachmentPaths, batch.team, now, counts, accountIds);
        if (kept) counts.alreadyKept++;
        db.insert(mailMessageMailboxes)
          .values({ messageId: messageRowId, mailboxId: batch.mailboxId, folder: batch.folder, uid })
          .onConflictDoUpdate({ target: [mailMessageMailboxes.messageId, mailMessageMailboxes.mailboxId, mailMessageMailboxes.folder], set: { uid } })
          .run();
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

function storeMessage(db: CrmDatabase, message: ReceivedMessage, attachmentPaths: readonly (string | null)[], team: TeamAddresses, now: Date, counts: BatchCounts, accountIds: Set<number>): number {
  const addresses = [...new Set(message.participants.map((participant) => participant.address))];
  const internal = isInternalMail(addresses, team);
  const shown = !message.bulk && !internal;
  const outside = addresses.filter((address) => !isTeamAddress(address, team));
  const matches = shown ? matchAccounts(db, outside) : [];
  const threadId = shown ? threadFor(db, message, outside, team, matches[0]?.accountId ?? null) : null;
  const row = db
    .insert(mailMessages)
    .values({
      messageId: message.messageId,
      threadId,
      subject: message.subject,
      fromAddress: message.from?.address ?? "",
      fromName: message.from?.name ?? "",
      sentAt: message.sentAt,
      // Bulk and internal mail keep their headers only, so that they are known when seen again.
      text: shown ? message.text : "",
      html: shown ? message.html : null,
      snippet: shown ? message.snippet : "",
      inReplyTo: message.inReplyTo,
      references: message.references,
      bulk: message.bulk,
      internal,
      attachmentCount: message.attachments.length,
      createdAt: now,
    })
    .returning({ id: mailMessages.id })
    .get();
  if (message.participants.length > 0) {
    db.insert(mailParticipants)
      .values(message.participants.map((participant) => ({ messageId: row.id, ...participant })))
      .onConflictDoNothing()
      .run();
  }
  if (message.attachments.length > 0) {
    db.insert(mailAttachments)
      .values(message.attachments.map((attachment, index) => ({ messageId: row.id, filename: attachment.filename, contentType: attachment.contentType, size: attachment.content.byteLength, storedPath: shown ? (attachmentPaths[index] ?? null) : null })))
      .run();
  }
  if (matches.length > 0) db.insert(mailMessageAccounts).values(matches.map((match) => ({ messageId: row.id, ...match }))).run();
  for (const match of matches) accountIds.add(match.accountId);
  if (shown) counts.stored++;
  else counts.skipped++;
  return row.id;
}

/**
 * The conversation a message joins, made when it joins none: first by its headers (a message it replies
 * to or references, or one already kept that replies to it), then by the subject rule
 * (conversation-rules.ts). The thread's time and count follow; an account-less thread takes the message's.
 */
function threadFor(db: CrmDatabase, message: ReceivedMessage, outside: readonly string[], team: TeamAddresses, accountId: number | null): number {
  const threadId = threadByHeaders(db, message) ?? threadBySubject(db, message, outside, team);
  if (threadId === null) {
    return db
      .insert(mailThreads)
      .values({ subject: message.subject, normalizedSubject: normalizeSubject(message.subject), accountId, lastMessageAt: message.sentAt, messageCount: 1 })
      .returning({ id: mailThreads.id })
      .get().id;
  }
  db.update(mailThreads)
    .set({
      lastMessageAt: sql`max(${mailThreads.lastMessageAt}, ${message.sentAt.getTime()})`,
      messageCount: sql`${mailThreads.messageCount} + 1`,
      accountId: sql`coalesce(${mailThreads.accountId}, ${accountId})`,
    })
    .where(eq(mailThreads.id, threadId))
    .run();
  return threadId;
}

function threadByHeaders(db: CrmDatabase, message: ReceivedMessage): number | null {
  // The message it answers first, then those it references from the latest back.
  const named = [...new Set([message.inReplyTo, ...[...message.references].reverse()].filter((id): id is string => id !== null))];
  if (named.length > 0) {
    const rows = db.select({ messageId: mailMessages.messageId, threadId: mailMessages.threadId }).from(mailMessages).where(inArray(mailMessages.messageId, named)).all();
    for (const id of named) {
      const threadId = rows.find((row) => row.messageId === id)?.threadId;
      if (threadId != null) return threadId;
    }
  }
  // A reply read before the message it answers (an inbox read before its Sent folder).
  const reply = db.select({ threadId: mailMessages.threadId }).from(mailMessages).where(and(eq(mailMessages.inReplyTo, message.messageId), sql`${mailMessages.threadId} IS NOT NULL`)).get();
  return reply?.threadId ?? null;
}

function threadBySubject(db: CrmDatabase, message: ReceivedMessage, outside: readonly string[], team: TeamAddresses): number | null {
  const normalizedSubject = normalizeSubject(message.subject);
  if (normalizedSubject === "" || outside.length === 0) return null;
  const { from, to } = sameSubjectWindow(message.sentAt);
  const candidates = db
    .select({ id: mailMessages.id, threadId: mailMessages.threadId, sentAt: mailMessages.sentAt })
    .from(mailMessages)
    .innerJoin(mailThreads, eq(mailThreads.id, mailMessages.threadId))
    .where(and(eq(mailThreads.normalizedSubject, normalizedSubject), gte(mailMessages.sentAt, from), lte(mailMessages.sentAt, to)))
    .orderBy(sql`abs(${mailMessages.sentAt} - ${message.sentAt.getTime()})`)
    .all();
  if (candidates.length === 0) return null;
  const people = db
    .select({ messageId: mailParticipants.messageId, address: mailParticipants.address })
    .from(mailParticipants)
    .where(inArray(mailParticipants.messageId, candidates.map((candidate) => candidate.id)))
    .all();
  const mine = { normalizedSubject, sentAt: message.sentAt, outsideParticipants: outside };
  for (const candidate of candidates) {
    const outsideParticipants = people.filter((person) => person.messageId === candidate.id && !isTeamAddress(person.address, team)).map((person) => person.address);
    if (sameConversationBySubject(mine, { normalizedSubject, sentAt: candidate.sentAt, outsideParticipants })) return candidate.threadId;
  }
  return null;
}
