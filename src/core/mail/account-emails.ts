import type { MailParticipantRole, MailVisibility } from "../../contracts/mail.ts";
import { assertAccountExists } from "../account-basics/account-exists.ts";
import { ACCOUNT_THREAD_IDS_SQL } from "../account-basics/account-mail-threads.ts";
import type { CrmDatabase } from "../database/open.ts";
import { notFound } from "../errors.ts";
import { threadNow } from "./joined-threads.ts";
import { hasRemoteImages } from "./safe-html.ts";

/**
 * What the Emails tab reads: an account's threads and a thread's messages, each message shown as much as
 * the most open mailbox holding it allows (contracts/mail.ts: MAIL_VISIBILITIES): `metadata` hides the
 * subject, text, HTML and attachments, `subject` the text, HTML and attachments. A message no mailbox holds
 * any more (its folder was numbered anew and it was not found again) shows its metadata only; one staff sent
 * from the CRM shows everything.
 * Raw SQL: the visibility is worked out per message by SQLite, and a page of threads in three statements.
 */

export interface EmailPerson {
  address: string;
  name: string;
}

export interface EmailThreadSummary {
  id: number;
  /** Null when no message of it may show its subject. */
  subject: string | null;
  /** Its people, in the order they first wrote or were written to. */
  participants: EmailPerson[];
  /** The start of its latest message's text, when that message shows everything. */
  snippet: string | null;
  lastMessageAt: Date;
  messageCount: number;
  attachmentCount: number;
}

export interface EmailMessage {
  id: number;
  visibility: MailVisibility;
  from: EmailPerson;
  participants: (EmailPerson & { role: MailParticipantRole })[];
  sentAt: Date;
  subject: string | null;
  text: string | null;
  /** Whether it has HTML shown (its page: message-page.ts), and whether that HTML has https images hidden. */
  hasHtml: boolean;
  hasRemoteImages: boolean;
  attachments: { id: number; filename: string; contentType: string; size: number }[] | null;
}

export interface EmailThread {
  id: number;
  subject: string | null;
  accountId: number | null;
  messages: EmailMessage[];
}

/**
 * The most open visibility of the mailboxes holding message `m`, as 0 (metadata), 1 (subject) or 2
 * (everything); a message staff sent from the CRM shows everything.
 */
export const VISIBILITY_LEVEL_SQL = `CASE WHEN m.sent_from_crm THEN 2 ELSE coalesce((SELECT max(CASE b.visibility WHEN 'everything' THEN 2 WHEN 'subject' THEN 1 ELSE 0 END)
  FROM mail_message_mailboxes mm JOIN mailboxes b ON b.id = mm.mailbox_id WHERE mm.message_id = m.id), 0) END`;
const LEVELS: readonly MailVisibility[] = ["metadata", "subject", "everything"];

/**
 * The threads an account's messages are in, or staff filed under it: a page, newest first, and how many in
 * all. Three statements however long the page (the page with its count, then its messages and its people),
 * remembered until the data changes (db.answers).
 */
export function listAccountEmailThreads(db: CrmDatabase, accountId: number, page: { limit?: number; offset?: number } = {}): { threads: EmailThreadSummary[]; total: number } {
  const { limit = 50, offset = 0 } = page;
  assertAccountExists(db, accountId);
  return db.answers.remember(`accountEmailThreads:${accountId}:${limit}:${offset}`, () => readThreadPage(db, ACCOUNT_THREAD_IDS_SQL, [accountId], limit, offset));
}

/**
 * The threads no account has, newest first: those whose people the matching found in no account (bulk mail
 * and mail among the team are in no thread), for staff to file under one (file-thread.ts). Remembered like
 * an account's; the account index (`mail_threads_account_idx`, account then time) holds them in order.
 */
export function listUnmatchedEmailThreads(db: CrmDatabase, page: { limit?: number; offset?: number } = {}): { threads: EmailThreadSummary[]; total: number } {
  const { limit = 50, offset = 0 } = page;
  return db.answers.remember(`unmatchedEmailThreads:${limit}:${offset}`, () => readThreadPage(db, UNMATCHED_THREAD_IDS_SQL, [], limit, offset));
}

const UNMATCHED_THREAD_IDS_SQL = "SELECT id FROM mail_threads WHERE account_id IS NULL";

/**
 * A page of the threads `threadIdsSql` names, given its `parameters`, with their count. The page's limit and
 * offset are plain `?`, which SQLite numbers after the subquery's own.
 */
function readThreadPage(db: CrmDatabase, threadIdsSql: string, parameters: readonly number[], limit: number, offset: number): { threads: EmailThreadSummary[]; total: number } {
  const sqlite = db.$client;
  const threads = sqlite
    .query<{ id: number; subject: string; lastMessageAt: number; messageCount: number; total: number }, number[]>(
      `WITH chosen AS (${threadIdsSql})
       SELECT t.id, t.subject, t.last_message_at AS lastMessageAt, t.message_count AS messageCount, (SELECT count(*) FROM chosen) AS total
       FROM mail_threads t WHERE t.id IN chosen ORDER BY t.last_message_at DESC, t.id DESC LIMIT ? OFFSET ?`,
    )
    .all(...parameters, limit, offset);
  // A page past the last thread has no row to carry the count.
  const total = threads[0]?.total ?? sqlite.query<{ total: number }, number[]>(`SELECT count(*) AS total FROM (${threadIdsSql})`).get(...parameters)!.total;
  const ids = JSON.stringify(threads.map((thread) => thread.id));
  const messages = sqlite
    .query<{ threadId: number; level: number; snippet: string; attachmentCount: number }, [string]>(
      `SELECT m.thread_id AS threadId, ${VISIBILITY_LEVEL_SQL} AS level, m.snippet, m.attachment_count AS attachmentCount
       FROM mail_messages m WHERE m.thread_id IN (SELECT value FROM json_each(?)) ORDER BY m.sent_at DESC, m.id DESC`,
    )
    .all(ids);
  const people = sqlite
    .query<EmailPerson & { threadId: number }, [string]>(
      `SELECT m.thread_id AS threadId, p.address, p.name FROM mail_messages m JOIN mail_participants p ON p.message_id = m.id
       WHERE m.thread_id IN (SELECT value FROM json_each(?)) ORDER BY m.sent_at, m.id, p.rowid`,
    )
    .all(ids);
  return {
    total,
    threads: threads.map((thread) => {
      const own = messages.filter((message) => message.threadId === thread.id);
      const latest = own[0];
      return {
        id: thread.id,
        subject: own.some((message) => message.level >= 1) ? thread.subject : null,
        participants: distinctPeople(people.filter((person) => person.threadId === thread.id)),
        snippet: latest && latest.level === 2 ? latest.snippet : null,
        lastMessageAt: new Date(thread.lastMessageAt),
        messageCount: thread.messageCount,
        attachmentCount: own.reduce((sum, message) => sum + (message.level === 2 ? message.attachmentCount : 0), 0),
      };
    }),
  };
}

/** A thread with its messages, oldest first (the one it was joined into, if it was); 404 when there is none. */
export function readEmailThread(db: CrmDatabase, threadId: number): EmailThread {
  const sqlite = db.$client;
  const thread = sqlite.query<{ id: number; subject: string; accountId: number | null }, [number]>("SELECT id, subject, account_id AS accountId FROM mail_threads WHERE id = ?").get(threadNow(db, threadId));
  if (!thread) throw notFound("E-mail thread not found");
  const rows = sqlite
    .query<{ id: number; level: number; fromAddress: string; fromName: string; sentAt: number; subject: string; text: string; html: string | null }, [number]>(
      `SELECT m.id, ${VISIBILITY_LEVEL_SQL} AS level, m.from_address AS fromAddress, m.from_name AS fromName, m.sent_at AS sentAt, m.subject, m.text, m.html
       FROM mail_messages m WHERE m.thread_id = ? ORDER BY m.sent_at, m.id`,
    )
    .all(thread.id);
  const participants = sqlite.query<{ role: MailParticipantRole; address: string; name: string }, [number]>("SELECT role, address, name FROM mail_participants WHERE message_id = ? ORDER BY rowid");
  const attachments = sqlite.query<{ id: number; filename: string; contentType: string; size: number }, [number]>(
    "SELECT id, filename, content_type AS contentType, size FROM mail_attachments WHERE message_id = ? ORDER BY id",
  );
  const messages = rows.map((row): EmailMessage => {
    const everything = row.level === 2;
    return {
      id: row.id,
      visibility: LEVELS[row.level]!,
      from: { address: row.fromAddress, name: row.fromName },
      participants: participants.all(row.id),
      sentAt: new Date(row.sentAt),
      subject: row.level >= 1 ? row.subject : null,
      text: everything ? row.text : null,
      hasHtml: everything && row.html !== null,
      hasRemoteImages: everything && row.html !== null && hasRemoteImages(row.html),
      attachments: everything ? attachments.all(row.id) : null,
    };
  });
  return { id: thread.id, subject: messages.some((message) => message.subject !== null) ? thread.subject : null, accountId: thread.accountId, messages };
}

/** A thread's people, each once, in the order they first appear (with the first name any message gave). */
function distinctPeople(rows: readonly EmailPerson[]): EmailPerson[] {
  const people = new Map<string, EmailPerson>();
  for (const { address, name } of rows) if (!people.has(address) || (people.get(address)!.name === "" && name !== "")) people.set(address, { address, name });
  return [...people.values()];
}
