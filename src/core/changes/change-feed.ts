import type { Actor } from "./actor.ts";
import type { CrmDatabase } from "../database/open.ts";
import type { RecycledKind } from "../../contracts/recycle-bin.ts";
import type { FieldChange } from "./field-changes.ts";
import { inTransaction } from "../database/transaction.ts";

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
  /** Its fields as they were (deleted) or are again (restored), for the audit trail. */
  changes: readonly FieldChange[];
}

export interface TimelineLine {
  accountId: number;
  kind: TimelineKind;
  summary: string;
}

/** How an account came to move to another list or owner. */
export type ReassignedBy = "staff" | "bulk_action" | "activity_rules";

/** What happened to a user's account or sessions. */
export type UserAction = "added" | "role_changed" | "deactivated" | "reactivated" | "password_set" | "password_reset" | "password_changed" | "sessions_ended" | "password_link_sent" | "password_set_by_link";

/** What happened to a backup file. */
export type BackupAction = "taken" | "deleted" | "restored";

/**
 * What a change did. Edits carry each changed field's value before and after (`changes`), as people read
 * it (an owner's name, not an id), secrets masked and long text summarised (field-changes.ts).
 */
type ChangeDetail =
  /** Staff added an account by hand. */
  | { type: "account_added"; accountId: number; accountName: string }
  /** Staff changed an account's own fields (name, e-mail, domain, phone, owner). */
  | { type: "account_edited"; accountId: number; changes: readonly FieldChange[] }
  | { type: "contact_added"; accountId: number; contactId: number; contactName: string }
  | { type: "contact_edited"; accountId: number; contactId: number; contactName: string; fields: readonly string[]; changes: readonly FieldChange[] }
  | { type: "note_changed"; accountId: number; noteId: number; action: "created" | "updated"; changes: readonly FieldChange[] }
  /**
   * Tasks were created, edited or deleted: `accountIds` are the accounts whose timelines say so (none for a
   * task of no account). One task carries its field changes; many (the reorder radar's) come as one.
   */
  | { type: "tasks_changed"; accountIds: readonly number[]; action: "created" | "updated" | "deleted"; taskIds: readonly number[]; title: string; changes: readonly FieldChange[] }
  /**
   * Accounts moved between lists, or gave up or took an owner: by staff, a bulk action or the activity
   * rules. Staff's move of one account carries its change; a bulk action announces itself as well.
   */
  | { type: "accounts_reassigned"; accountIds: readonly number[]; field: "list" | "owner"; by: ReassignedBy; changes?: readonly FieldChange[] }
  /**
   * Orders were recorded for these accounts, from a file or from ShipStation. A recording that spans
   * batches announces each batch with the same `recording`: its line per account sums up every batch so
   * far, and replaces that account's line of the batch before. `orders` counts the batch's new and changed orders.
   */
  | { type: "orders_recorded"; accountIds: readonly number[]; recording?: object; orders: number }
  /**
   * The accounts' figures were recounted from their orders (recomputeAccountStats): what depends on them
   * follows. `createdIds` are accounts the writer has just made from orders; `heavyWorkLater` leaves work
   * that grows with an account's history (purchase days) to be done once a long import ends.
   */
  | { type: "orders_recounted"; accountIds: readonly number[]; createdIds: ReadonlySet<number>; heavyWorkLater: boolean }
  /** `sourceIds` were merged into `targetId` and are gone. */
  | { type: "accounts_merged"; targetId: number; targetName: string; sourceIds: readonly number[]; sourceNames: readonly string[]; mergeId: number }
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
  | ({ type: "record_restored" } & RecycledRecord)
  /** A custom list was created, or renamed or described anew (deleting one puts it in the recycle bin: record_deleted). */
  | { type: "list_changed"; listKey: string; listName: string; action: "created" | "updated"; changes: readonly FieldChange[] }
  /** One action over many accounts (a bulk action, bulk e-mail assignment): `count` of them changed; `bulkChangeId` undoes it. */
  | { type: "accounts_bulk_changed"; description: string; selection: string; count: number; bulkChangeId: number | null }
  /** A setting saved by an administrator; secrets come masked. */
  | { type: "setting_changed"; setting: string; changes: readonly FieldChange[] }
  | { type: "user_changed"; userId: number; userName: string; action: UserAction; changes: readonly FieldChange[] }
  /** A sign-in, or a failed one (refused, yet recorded: its transaction commits before the refusal). */
  | { type: "signed_in"; userId: number | null; email: string; succeeded: boolean }
  /** A CSV export: what, with which filter, how many rows. */
  | { type: "exported"; what: "accounts" | "contacts" | "orders"; filter: string; rows: number }
  /** An import run ended: one change however many batches, with its counts. */
  | { type: "import_finished"; runId: number; files: string; state: string; orders: number; summary: string }
  /** A ShipStation backfill ended. */
  | { type: "backfill_finished"; runId: number; days: number; orders: number; summary: string }
  /** A backup was taken, deleted or restored; `kind` says which (manual, before-clear, scheduled…). */
  | { type: "backup_changed"; action: BackupAction; kind: string; file: string }
  /**
   * A batch of e-mail was read from a mailbox's folder (core/mail/): `messages` new ones stored, the
   * accounts they were matched to. Each batch is its own transaction, so followers see mail as it comes.
   */
  | { type: "mail_received"; mailboxId: number; folder: string; messages: number; accountIds: readonly number[] }
  /**
   * A message read showed threads to be one conversation (its headers name messages of each, or it is the
   * message their replies answer): `joinedThreadIds` were moved into `threadId`, the oldest, and deleted.
   * `accountIds` are the accounts the threads were filed under and the message's own, the joined thread's first.
   */
  | { type: "email_threads_joined"; threadId: number; joinedThreadIds: readonly number[]; accountIds: readonly number[] }
  /** Staff filed an e-mail thread under an account (one the matching found none for, or another): `changes` names the accounts before and after. */
  | { type: "email_thread_filed"; threadId: number; accountId: number; changes: readonly FieldChange[] }
  /** Staff sent an e-mail from an account (core/mail/send-email.ts), kept in `threadId`: its subject and addressees (To and Cc). */
  | { type: "email_sent"; accountId: number; threadId: number | null; subject: string; to: readonly string[] }
  /** Clear All Data removed every account; `backupFile` is what was kept first. */
  | { type: "data_cleared"; accounts: number; backupFile: string | null };

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
export function announceAccountsReassigned(
  db: CrmDatabase,
  lines: readonly { accountId: number; summary: string }[],
  kind: TimelineKind,
  how: { actor: Actor; at: Date; field: "list" | "owner"; by: ReassignedBy; changes?: readonly FieldChange[] },
): void {
  if (lines.length === 0) return;
  const { actor, at, field, by, changes } = how;
  const timeline = lines.map(({ accountId, summary }) => ({ accountId, kind, summary }));
  announceChange(db, { type: "accounts_reassigned", accountIds: lines.map((line) => line.accountId), field, by, changes, actor, at, timeline });
}

/** Staff took a CSV export: who, of what, with which filter, how many rows. It writes nothing else, so it is its own transaction. */
export function announceExport(db: CrmDatabase, detail: { what: "accounts" | "contacts" | "orders"; filter: string; rows: number }, actor: Actor): void {
  inTransaction(db, () => announceChange(db, { type: "exported", ...detail, actor, at: new Date() }));
}

/** Tells every follower what a write changed; call inside the write's transaction. */
export function announceChange(db: CrmDatabase, change: Change): void {
  if (followers.length === 0) throw new Error("A change was announced before the change followers were set (openCrmDatabase sets them)");
  for (const follow of followers) follow(db, change);
}
