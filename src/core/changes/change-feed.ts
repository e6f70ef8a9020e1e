import type { Actor } from "./actor.ts";
import type { CrmDatabase } from "../database/open.ts";
import type { RecycledKind } from "../../contracts/recycle-bin.ts";

/**
 * The one change feed. A write says what it changed by announcing a Change inside its transaction; the
 * concerns that follow a change (the timeline, welcome and new-contact tasks, the activity lists, purchase
 * days, duplicate detection) follow the feed, and run in that transaction too, so a rollback takes their
 * work back with the write's. No write calls them by hand: a new concern (the audit trail) follows the
 * feed and sees every change. The search index and the answer cache follow the database itself (triggers
 * on accounts and contacts, SQLite's count of changes), so no change escapes them either.
 *
 * The followers are process-wide, set once by the process's start (startup/change-followers.ts), as
 * PocketBase's hooks are set on its app. A change announced before then is a programming error, and says so.
 */
export type Change = ChangeCommon & ChangeDetail;

interface ChangeCommon {
  actor: Actor;
  at: Date;
  /** What the change adds to accounts' timelines, in order. */
  timeline?: readonly TimelineLine[];
}

/** Kinds of line the core writes on an account's timeline. */
export type TimelineKind =
  | "account_created"
  | "account_updated"
  | "list_changed"
  | "contact_added"
  | "contact_updated"
  | "note_added"
  | "note_edited"
  | "note_deleted"
  | "note_restored"
  | "contact_deleted"
  | "contact_restored"
  | "orders_imported"
  | "orders_received"
  | "order_status_changed"
  | "order_customer_changed"
  | "task_created"
  | "task_updated"
  | "task_deleted"
  | "accounts_merged"
  | "merge_undone";

/** A record in the recycle bin: the entry, and the record's own key (a list's key, else its id) and account. */
interface RecycledRecord {
  kind: RecycledKind;
  binEntryId: number;
  recordKey: string;
  /** The note's or contact's account; null for a list. */
  accountId: number | null;
  /** How staff know it: a note's first words, a contact's name, a list's name. */
  label: string;
}

export interface TimelineLine {
  accountId: number;
  kind: TimelineKind;
  summary: string;
}

type ChangeDetail =
  /** Staff added an account by hand. */
  | { type: "account_added"; accountId: number }
  /** Staff changed an account's own fields (name, e-mail, domain, phone, owner): the ones named. */
  | { type: "account_edited"; accountId: number; fields: readonly string[] }
  | { type: "contact_added"; accountId: number; contactName: string }
  | { type: "contact_edited"; accountId: number; fields: readonly string[] }
  | { type: "note_changed"; accountId: number }
  | { type: "tasks_changed"; accountIds: readonly number[] }
  /** Accounts moved between lists, or gave up or took an owner: by staff, a bulk action or the activity rules. */
  | { type: "accounts_reassigned"; accountIds: readonly number[] }
  /**
   * Orders were recorded for these accounts, from a file or from ShipStation. A recording that spans
   * batches announces each batch with the same `recording`: its line per account sums up every batch so
   * far, and replaces that account's line of the batch before.
   */
  | { type: "orders_recorded"; accountIds: readonly number[]; recording?: object }
  /**
   * The accounts' figures were recounted from their orders (recomputeAccountStats): what depends on them
   * follows. `createdIds` are accounts the writer has just made from orders; `heavyWorkLater` leaves work
   * that grows with an account's history (purchase days) to be done once a long import ends.
   */
  | { type: "orders_recounted"; accountIds: readonly number[]; createdIds: ReadonlySet<number>; heavyWorkLater: boolean }
  /** `sourceIds` were merged into `targetId` and are gone. */
  | { type: "accounts_merged"; targetId: number; sourceIds: readonly number[]; mergeId: number }
  /** A merge was undone: `sourceIds` are back, with what they brought to `targetId`. */
  | { type: "merge_undone"; mergeId: number; targetId: number; sourceIds: readonly number[] }
  /**
   * A bulk list or owner change was undone: `accountIds` got their previous value back; `skipped` accounts
   * had changed since and were left as they are.
   */
  | { type: "bulk_change_undone"; bulkChangeId: number; accountIds: readonly number[]; skipped: number }
  /** Staff deleted a note, contact or custom list: it is in the recycle bin. */
  | ({ type: "record_deleted" } & RecycledRecord)
  /** Staff restored a note, contact or custom list from the recycle bin, with its own id. */
  | ({ type: "record_restored" } & RecycledRecord);

export type ChangeFollower = (db: CrmDatabase, change: Change) => void;

let followers: readonly ChangeFollower[] = [];

/** Sets the concerns that follow every change, in the order they run. */
export function followChanges(followersInOrder: readonly ChangeFollower[]): void {
  followers = followersInOrder;
}

/**
 * Accounts moved to another list or owner, each with the line its timeline gets: staff's choice, a bulk
 * action or the activity rules, announced alike.
 */
export function announceAccountsReassigned(db: CrmDatabase, lines: readonly { accountId: number; summary: string }[], kind: TimelineKind, actor: Actor, at: Date): void {
  if (lines.length === 0) return;
  const timeline = lines.map(({ accountId, summary }) => ({ accountId, kind, summary }));
  announceChange(db, { type: "accounts_reassigned", accountIds: lines.map((line) => line.accountId), actor, at, timeline });
}

/** Tells every follower what a write changed; call inside the write's transaction. */
export function announceChange(db: CrmDatabase, change: Change): void {
  if (followers.length === 0) throw new Error("A change was announced before the change followers were set (openCrmDatabase sets them)");
  for (const follow of followers) follow(db, change);
}
