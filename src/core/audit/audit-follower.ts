import type { AuditAction, AuditEntity } from "../../contracts/audit.ts";
import { formatCountOf } from "../../contracts/counts.ts";
import type { Change } from "../changes/change-feed.ts";
import type { FieldChange } from "../changes/field-changes.ts";
import type { CrmDatabase } from "../database/open.ts";

/** One row of the audit trail, as a change describes it; who and when come from the change itself. */
export interface AuditDescription {
  entity: AuditEntity;
  entityId: number | null;
  accountId: number | null;
  action: AuditAction;
  summary: string;
  changes: readonly FieldChange[];
  count: number | null;
}

/**
 * The audit trail follows the change feed: each change is described by one entry (or none), written in
 * the change's transaction, so a rollback takes it back with the write. One statement per change.
 */
export function writeAudit(db: CrmDatabase, change: Change): void {
  const entry = describeForAudit(change);
  if (!entry) return;
  const { actor, at } = change;
  db.$client
    .query(
      `INSERT INTO audit_log (at, actor_user_id, actor_name, actor_source, entity, entity_id, account_id, action, summary, changes, count)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(at.getTime(), actor.userId, actor.name, actor.source, entry.entity, entry.entityId, entry.accountId, entry.action, entry.summary, JSON.stringify(entry.changes), entry.count);
}

/**
 * What the audit trail says of a change: an exhaustive switch, so that a new kind of change the audit does
 * not describe fails the typecheck. An import's or a backfill's batches are not described one by one: the
 * run announces itself once when it ends (import_finished, backfill_finished), with its counts.
 */
export function describeForAudit(change: Change): AuditDescription | null {
  const partOfRun = change.actor.source === "import" || change.actor.source === "backfill";
  const entry = (entity: AuditEntity, action: AuditAction, summary: string, rest: Partial<AuditDescription> = {}): AuditDescription => ({
    entity,
    entityId: null,
    accountId: null,
    action,
    summary,
    changes: [],
    count: null,
    ...rest,
  });
  const lineOf = (accountId: number) => change.timeline?.find((line) => line.accountId === accountId)?.summary;
  switch (change.type) {
    case "account_added":
      return entry("account", "created", `Added account ${change.accountName}`, {
        entityId: change.accountId,
        accountId: change.accountId,
        changes: [{ field: "name", old: null, new: change.accountName }],
      });
    case "account_edited": {
      const ownerOnly = change.changes.every((field) => field.field === "owner");
      return entry("account", ownerOnly ? "owner_changed" : "updated", lineOf(change.accountId) ?? "Changed the account", {
        entityId: change.accountId,
        accountId: change.accountId,
        changes: change.changes,
      });
    }
    case "contact_added":
      return entry("contact", "created", `Added contact ${change.contactName}`, { entityId: change.contactId, accountId: change.accountId });
    case "contact_edited":
      return entry("contact", "updated", lineOf(change.accountId) ?? `Updated contact ${change.contactName}`, {
        entityId: change.contactId,
        accountId: change.accountId,
        changes: change.changes,
      });
    case "note_changed":
      return entry("note", change.action, lineOf(change.accountId) ?? `Note ${change.action}`, { entityId: change.noteId, accountId: change.accountId, changes: change.changes });
    case "tasks_changed": {
      if (partOfRun) return null;
      const accountId = change.accountIds.length === 1 ? change.accountIds[0]! : null;
      if (change.taskIds.length === 1) {
        const summary = (accountId === null ? undefined : lineOf(accountId)) ?? `Task ${change.action}: ${change.title}`;
        return entry("task", change.action, summary, { entityId: change.taskIds[0]!, accountId, changes: change.changes });
      }
      return entry("task", change.action, `${formatCountOf(change.taskIds.length, "task")} ${change.action}: ${change.title}`, { accountId, count: change.taskIds.length });
    }
    case "accounts_reassigned": {
      // A bulk action's moves are its one entry (accounts_bulk_changed); an import's are its run's.
      if (change.by === "bulk_action" || partOfRun) return null;
      const action = change.field === "list" ? "list_changed" : "owner_changed";
      if (change.accountIds.length === 1) {
        const accountId = change.accountIds[0]!;
        return entry("account", action, lineOf(accountId) ?? "Moved", { entityId: accountId, accountId, changes: change.changes ?? [] });
      }
      return entry("account", action, `${formatCountOf(change.accountIds.length, "account")} moved by the activity rules`, { count: change.accountIds.length });
    }
    case "orders_recorded": {
      if (partOfRun || change.orders === 0) return null;
      const accountId = change.accountIds.length === 1 ? change.accountIds[0]! : null;
      const events = (change.timeline ?? []).filter((line) => line.kind === "order_status_changed" || line.kind === "order_customer_changed").map((line) => line.summary);
      // Orders that named no customer wait among the unmatched ones, in no account.
      const recordedFor = change.accountIds.length === 0 ? "among the unmatched orders" : `for ${formatCountOf(change.accountIds.length, "account")}`;
      const summary = `${formatCountOf(change.orders, "order")} recorded ${recordedFor}${events.length > 0 ? `: ${events.slice(0, 5).join("; ")}` : ""}`;
      return entry("order", "orders_recorded", summary, { accountId, count: change.orders });
    }
    case "orders_recounted":
      // Figures worked out from the orders, whose recording has its own entry.
      return null;
    case "accounts_merged":
      return entry("account", "merged", `Merged ${change.sourceNames.join(", ")} into ${change.targetName}`, {
        entityId: change.targetId,
        accountId: change.targetId,
        changes: [{ field: "merged accounts", old: change.sourceNames.join(", "), new: change.targetName }],
        count: change.sourceIds.length,
      });
    case "merge_undone":
      return entry("account", "merge_undone", lineOf(change.targetId) ?? `Undid a merge into account ${change.targetId}`, {
        entityId: change.targetId,
        accountId: change.targetId,
        changes: [{ field: "accounts back", old: null, new: change.sourceIds.join(", ") }],
        count: change.sourceIds.length,
      });
    case "bulk_change_undone":
      return entry("account", "bulk_undone", `Undid bulk change #${change.bulkChangeId}: ${formatCountOf(change.accountIds.length, "account")} put back${change.skipped > 0 ? ` (${formatCountOf(change.skipped, "account")} changed since, left as they are)` : ""}`, {
        entityId: change.bulkChangeId,
        count: change.accountIds.length,
      });
    case "record_deleted":
    case "record_restored": {
      const action = change.type === "record_deleted" ? "deleted" : "restored";
      const summary = (change.accountId === null ? undefined : lineOf(change.accountId)) ?? `${action === "deleted" ? "Deleted" : "Restored"} ${change.kind} ${change.label}`;
      // A list's key is text: the entry names it in its summary.
      const entityId = change.kind === "list" ? null : Number(change.recordKey);
      return entry(change.kind, action, summary, { entityId, accountId: change.accountId, changes: change.changes });
    }
    case "list_changed":
      return entry("list", change.action, `List ${change.listName} ${change.action}`, { changes: change.changes });
    case "accounts_bulk_changed":
      // The bulk change is its own record, which its entry offers to undo (POST /api/bulk-changes/{id}/undo).
      return entry("bulk_change", "bulk_changed", `${change.description} (${change.selection})`, { entityId: change.bulkChangeId, count: change.count });
    case "setting_changed":
      return entry("setting", "updated", `Changed ${change.setting}`, { changes: change.changes });
    case "user_changed":
      return entry(change.action === "sessions_ended" ? "session" : "user", change.action === "added" ? "created" : change.action, describeUserChange(change), {
        entityId: change.userId,
        changes: change.changes,
      });
    case "signed_in":
      return entry("session", change.succeeded ? "signed_in" : "sign_in_failed", change.succeeded ? `${change.email} signed in` : `Sign-in failed for ${change.email}`, {
        entityId: change.userId,
      });
    case "exported":
      return entry("export", "exported", `Exported ${formatCountOf(change.rows, change.what === "accounts" ? "account" : change.what === "contacts" ? "contact" : "order")} (${change.filter})`, {
        count: change.rows,
      });
    case "import_finished":
      return entry("import", "imported", `Import of ${change.files} ${change.state}: ${change.summary}`, { entityId: change.runId, count: change.orders });
    case "backfill_finished":
      return entry("backfill", "backfilled", `ShipStation backfill of ${formatCountOf(change.days, "day")}: ${change.summary}`, { entityId: change.runId, count: change.orders });
    case "backup_changed":
      return entry("backup", `backup_${change.action}`, `Backup ${change.file} (${change.kind}) ${change.action}`);
    case "mail_received":
      // Mail read from a mailbox is its own record, kept with the mailbox and folder it came from.
      return null;
    case "email_threads_joined":
      // Thread ids staff may have seen go away: the trail says where their messages went; not the subject, which its mailboxes may not show.
      return entry("email_thread", "merged", `Joined e-mail ${change.joinedThreadIds.length === 1 ? "thread" : "threads"} ${change.joinedThreadIds.join(", ")} into thread ${change.threadId}`, {
        entityId: change.threadId,
        accountId: change.accountIds[0] ?? null,
      });
    case "email_thread_filed":
      // Not its subject, which its mailboxes may not show.
      return entry("email_thread", "updated", `Filed e-mail thread ${change.threadId} under ${change.changes[0]?.new ?? "an account"}`, {
        entityId: change.threadId,
        accountId: change.accountId,
        changes: change.changes,
      });
    case "email_sent":
      // Who it went to and its subject; the message itself is kept in the account's Emails tab.
      return entry("email", "sent", `E-mailed ${change.to.join(", ")}: ${change.subject}`, { entityId: change.threadId, accountId: change.accountId });
    case "data_cleared":
      return entry("data", "cleared", `Cleared all account data (${formatCountOf(change.accounts, "account")})${change.backupFile ? `; backup kept first: ${change.backupFile}` : ""}`, {
        count: change.accounts,
      });
    default: {
      const undescribed: never = change;
      throw new Error(`The audit trail does not describe the change ${JSON.stringify(undescribed)}`);
    }
  }
}

function describeUserChange(change: Extract<Change, { type: "user_changed" }>): string {
  const words: Record<typeof change.action, string> = {
    added: "Added user",
    role_changed: "Changed the role of",
    deactivated: "Deactivated",
    reactivated: "Reactivated",
    password_set: "Set the password of",
    password_reset: "Reset the password of",
    password_changed: "Password changed by",
    password_link_sent: "E-mailed a link to choose a password to",
    password_set_by_link: "Password chosen through an e-mailed link by",
    sessions_ended: "Ended the sessions of",
  };
  return `${words[change.action]} ${change.userName}`;
}
