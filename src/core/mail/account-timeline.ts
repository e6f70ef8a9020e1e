import { DEFAULT_ACTIVITY_PAGE_SIZE, type ActivityListQuery } from "../../contracts/activity.ts";
import { assertAccountExists } from "../account-basics/account-exists.ts";
import { ACCOUNT_THREAD_IDS_SQL } from "../account-basics/account-mail-threads.ts";
import type { CrmDatabase } from "../database/open.ts";
import type { ActivityEntry } from "../timeline/timeline-entries.ts";
import { VISIBILITY_LEVEL_SQL } from "./account-emails.ts";
import { isTeamAddress } from "./conversation-rules.ts";
import { teamAddresses } from "./match-accounts.ts";

/** The kinds of a timeline line that is an e-mail: one the team sent, or one it received. */
export const EMAIL_TIMELINE_KINDS = { sent: "email_sent", received: "email_received" } as const;

/** A line of an account's timeline: what staff and the CRM did, or an e-mail of its threads, which opens its thread. */
export interface TimelineLine extends ActivityEntry {
  emailThreadId: number | null;
}

/**
 * A page of an account's timeline, newest first, with its e-mail among the rest: each message of the
 * account's threads (the Emails tab's) is a line at its time, said as much as its mailboxes show ("E-mail
 * from Pat Buyer: Quote for 40 cases", or without the subject when they show who and when only). The page
 * is chosen in SQL from the two indexes (activities by account and time; the account's threads, their
 * messages by thread), ids and times alone, and only its lines are then read whole. Raw SQL: a union of
 * two tables ordered and paged as one, which drizzle's query builder does not write, and the page's lines
 * by one statement for any page (a list of ids as JSON), which SQLite compiles once.
 */
export function listAccountTimeline(db: CrmDatabase, accountId: number, page: ActivityListQuery = {}): { entries: TimelineLine[]; total: number } {
  const { limit = DEFAULT_ACTIVITY_PAGE_SIZE, offset = 0 } = page;
  assertAccountExists(db, accountId);
  const sqlite = db.$client;
  const chosen = sqlite
    .query<{ isEmail: 0 | 1; id: number }, [number, number, number]>(
      `SELECT 0 AS isEmail, id, occurred_at AS at FROM activities WHERE account_id = ?1
       UNION ALL SELECT 1, m.id, m.sent_at FROM mail_messages m WHERE m.thread_id IN (${ACCOUNT_THREAD_IDS_SQL})
       ORDER BY at DESC, isEmail, id DESC LIMIT ?2 OFFSET ?3`,
    )
    .all(accountId, limit, offset);
  const total = sqlite
    .query<{ total: number }, [number]>(
      `SELECT (SELECT count(*) FROM activities WHERE account_id = ?1) + (SELECT count(*) FROM mail_messages WHERE thread_id IN (${ACCOUNT_THREAD_IDS_SQL})) AS total`,
    )
    .get(accountId)!.total;

  const activityIds = chosen.filter((line) => line.isEmail === 0).map((line) => line.id);
  const emailIds = chosen.filter((line) => line.isEmail === 1).map((line) => line.id);
  const activityRows =
    activityIds.length === 0
      ? []
      : sqlite
          .query<{ id: number; kind: string; summary: string; actorName: string | null; occurredAt: number }, [string]>(
            "SELECT id, kind, summary, actor_name AS actorName, occurred_at AS occurredAt FROM activities WHERE id IN (SELECT value FROM json_each(?))",
          )
          .all(JSON.stringify(activityIds));
  const emailLines = readEmailLines(db, emailIds);
  const activityById = new Map(activityRows.map((row) => [row.id, { ...row, occurredAt: new Date(row.occurredAt), emailThreadId: null }]));
  return { total, entries: chosen.map((line) => (line.isEmail === 1 ? emailLines.get(line.id)! : activityById.get(line.id)!)) };
}

function readEmailLines(db: CrmDatabase, messageIds: readonly number[]): Map<number, TimelineLine> {
  if (messageIds.length === 0) return new Map();
  const rows = db.$client
    .query<{ id: number; threadId: number; level: number; sentFromCrm: number; fromAddress: string; fromName: string; toAddress: string | null; toName: string | null; subject: string; sentAt: number }, [string]>(
      `SELECT m.id, m.thread_id AS threadId, ${VISIBILITY_LEVEL_SQL} AS level, m.sent_from_crm AS sentFromCrm, m.from_address AS fromAddress, m.from_name AS fromName, m.subject, m.sent_at AS sentAt,
         (SELECT p.address FROM mail_participants p WHERE p.message_id = m.id AND p.role = 'to' ORDER BY p.rowid LIMIT 1) AS toAddress,
         (SELECT p.name FROM mail_participants p WHERE p.message_id = m.id AND p.role = 'to' ORDER BY p.rowid LIMIT 1) AS toName
       FROM mail_messages m WHERE m.id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(messageIds));
  const team = teamAddresses(db);
  return new Map(
    rows.map((row) => {
      // Staff's e-mail from the CRM goes from CRM_MAIL_FROM, which may be no team member's address.
      const sent = row.sentFromCrm === 1 || isTeamAddress(row.fromAddress, team);
      const who = sent ? `E-mail to ${personOf(row.toName, row.toAddress)}` : `E-mail from ${personOf(row.fromName, row.fromAddress)}`;
      const subject = row.level >= 1 && row.subject.trim() !== "" ? `: ${row.subject}` : "";
      const line: TimelineLine = {
        id: row.id,
        kind: sent ? EMAIL_TIMELINE_KINDS.sent : EMAIL_TIMELINE_KINDS.received,
        summary: `${who}${subject}`,
        // A sent message's writer is the team member who wrote it; a customer is no actor of the CRM's.
        actorName: sent ? row.fromName || row.fromAddress : null,
        occurredAt: new Date(row.sentAt),
        emailThreadId: row.threadId,
      };
      return [row.id, line];
    }),
  );
}

function personOf(name: string | null, address: string | null): string {
  return name?.trim() || address || "someone";
}
