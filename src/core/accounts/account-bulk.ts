import type { Actor } from "../changes/actor.ts";
import { announceAccountsReassigned, announceChange } from "../changes/change-feed.ts";
import type { CrmDatabase } from "../database/open.ts";
import { accounts } from "../database/schema.ts";
import { inTransaction } from "../database/transaction.ts";
import { placeScopeByActivity } from "../lifecycle/lifecycle-lists.ts";
import { resolveListChoice, type ListRecord } from "../lists/list-types.ts";
import { AUTOMATIC_LIST_CHOICE } from "../../contracts/lists.ts";
import type { AccountSelection, BulkAccountsBody, BulkAccountsResult } from "../../contracts/accounts.ts";
import { accountSelectionCondition } from "./account-list.ts";
import { withAccountScope } from "../account-basics/account-scope.ts";
import { activeOwner } from "./accounts.ts";
import { formatCount, formatCountOf } from "../../contracts/counts.ts";
import { beginBulkChange, finishBulkChange } from "./bulk-changes.ts";

/**
 * One action on many accounts, as staff would do it on each account (setAccountListType, updateAccount's
 * owner), with the same timeline entries saying it was a bulk action: in one transaction, set-based
 * whatever the number. The selection goes into temp.account_scope by one statement, and each action is a
 * few statements over it. An account the action would not change is counted as matched, not updated, and
 * gets no entry. What it changed is recorded, so that it can be undone (bulk-changes.ts).
 *
 * Raw statements: set-based work over temporary tables, which drizzle's schema does not describe.
 */
export function bulkUpdateAccounts(db: CrmDatabase, { selection, action }: BulkAccountsBody, actor: Actor): BulkAccountsResult {
  const sqlite = db.$client;
  return inTransaction(sqlite, () => {
    const now = new Date();
    const done = perform();
    // The audit trail's one entry for the whole action, whatever the number of accounts.
    announceChange(db, { type: "accounts_bulk_changed", description: done.message, selection: describeSelection(selection), count: done.updated, bulkChangeId: done.bulkChangeId, actor, at: now });
    return done;

    function perform(): BulkAccountsResult {
      if (action.kind === "setOwner") {
        const owner = action.ownerUserId === null ? null : activeOwner(db, action.ownerUserId);
        return inScope(db, selection, actor.userId, now, (matched) => {
          const bulkChangeId = beginBulkChange(db, "owner", actor, now);
          const updated = giveScopeTo(db, owner, actor, now);
          return result(db, bulkChangeId, matched, updated, owner ? `given to ${owner.name}` : "left without an owner", owner ? "already theirs" : "already without one");
        });
      }
      const list = resolveListChoice(db, action.listType);
      return inScope(db, selection, actor.userId, now, (matched) => {
        const bulkChangeId = beginBulkChange(db, "list", actor, now);
        const updated = moveScopeToList(db, list, { actor, now, how: "by bulk action" });
        if (list === AUTOMATIC_LIST_CHOICE) return result(db, bulkChangeId, matched, updated, "handed back to the activity rules", "already following them");
        return result(db, bulkChangeId, matched, updated, `moved to ${list.name}`, "already there");
      });
    }
  });
}

/** Which accounts a bulk action or an export covered, as the audit trail names them: the ids ticked, or the filters. */
export function describeSelection(selection: AccountSelection): string {
  if (selection.ids) {
    const shown = selection.ids.slice(0, SELECTION_IDS_SHOWN).join(", ");
    return `accounts ${shown}${selection.ids.length > SELECTION_IDS_SHOWN ? ` and ${formatCount(selection.ids.length - SELECTION_IDS_SHOWN)} more` : ""}`;
  }
  const filters = Object.entries(selection.allMatching ?? {}).filter(([, value]) => value !== undefined && value !== "");
  return filters.length === 0 ? "all accounts" : `all accounts matching ${filters.map(([name, value]) => `${name}=${String(value)}`).join(", ")}`;
}

const SELECTION_IDS_SHOWN = 20;

/**
 * Runs the action with the selected accounts in temp.account_scope, marked as just made (`created`) so
 * that placing them by activity writes no entries of its own: the action writes one for each account.
 */
function inScope(db: CrmDatabase, selection: AccountSelection, viewer: number | null, now: Date, action: (matched: number) => BulkAccountsResult): BulkAccountsResult {
  const selected = db.select({ id: accounts.id }).from(accounts).where(accountSelectionCondition(db, selection, viewer, now)).toSQL();
  // The scope starts empty: the selection goes in by the one statement below rather than an insert per id.
  return withAccountScope(db.$client, [], new Set(), () => {
    const { changes } = db.$client.run(`INSERT INTO temp.account_scope (id, created) SELECT id, 1 FROM (${selected.sql})`, selected.params as never[]);
    return action(changes);
  });
}

/**
 * Moves the accounts of temp.account_scope to a list (pinned there), or hands them back to the activity
 * rules: the one set-based rule of the bulk action and of bulk e-mail assignment. The scope's accounts must
 * be marked as just made (`created`), so that placing them by activity writes no entries of its own: this
 * writes one for each account that changes, in setAccountListType's words ending `how` ('by bulk action').
 * Returns how many changed.
 */
export function moveScopeToList(db: CrmDatabase, list: ListRecord | typeof AUTOMATIC_LIST_CHOICE, change: { actor: Actor; now: Date; how: string }): number {
  return list === AUTOMATIC_LIST_CHOICE ? returnScopeToActivityRules(db, change) : pinScopeToList(db, list, change);
}

/** Pins the accounts to the list, with an entry for each not pinned there already. Returns how many. */
function pinScopeToList(db: CrmDatabase, list: ListRecord, { actor, now, how }: { actor: Actor; now: Date; how: string }): number {
  const sqlite = db.$client;
  const moving = sqlite
    .query<{ accountId: number; summary: string }, [string, string, string]>(
      `SELECT a.id AS accountId,
              CASE WHEN a.list_type = ?1 THEN 'Pinned to ' || ?2 ELSE 'Moved from ' || coalesce(l.name, a.list_type) || ' to ' || ?2 END || ' ' || ?3 AS summary
       FROM accounts a LEFT JOIN lists l ON l.key = a.list_type
       WHERE a.id IN (SELECT id FROM temp.account_scope) AND (a.list_type <> ?1 OR a.list_pinned = 0)`,
    )
    .all(list.key, list.name, how);
  const moved = sqlite.run(
    "UPDATE accounts SET list_type = ?1, list_pinned = 1, updated_at = ?2 WHERE id IN (SELECT id FROM temp.account_scope) AND (list_type <> ?1 OR list_pinned = 0)",
    [list.key, now.getTime()],
  ).changes;
  announceAccountsReassigned(db, moving, "list_changed", { actor, at: now, field: "list", by: "bulk_action" });
  return moved;
}

/**
 * Unpins the pinned ones and lets the activity rules place them at once, each with setAccountListType's
 * entry; accounts already following the rules are left as they are, as that would leave one. Returns how
 * many were pinned.
 */
function returnScopeToActivityRules(db: CrmDatabase, { actor, now, how }: { actor: Actor; now: Date; how: string }): number {
  const sqlite = db.$client;
  sqlite.run("CREATE TEMP TABLE IF NOT EXISTS bulk_unpinned (id INTEGER PRIMARY KEY, list_type TEXT NOT NULL)");
  sqlite.run("DELETE FROM temp.bulk_unpinned");
  sqlite.run("INSERT INTO temp.bulk_unpinned (id, list_type) SELECT id, list_type FROM accounts WHERE id IN (SELECT id FROM temp.account_scope) AND list_pinned = 1");
  sqlite.run("DELETE FROM temp.account_scope WHERE id NOT IN (SELECT id FROM temp.bulk_unpinned)");
  const unpinned = sqlite.run("UPDATE accounts SET list_pinned = 0, updated_at = ? WHERE id IN (SELECT id FROM temp.bulk_unpinned)", [now.getTime()]).changes;
  placeScopeByActivity(db, { now, actor });
  const lines = sqlite
    .query<{ accountId: number; summary: string }, [string]>(
      `SELECT u.id AS accountId,
              'List set to follow order activity ' || ?1 || ': ' || CASE WHEN a.list_type = u.list_type
                THEN 'stays in ' || coalesce(new.name, a.list_type)
                ELSE 'moved from ' || coalesce(old.name, u.list_type) || ' to ' || coalesce(new.name, a.list_type) END AS summary
       FROM temp.bulk_unpinned u JOIN accounts a ON a.id = u.id
       LEFT JOIN lists old ON old.key = u.list_type LEFT JOIN lists new ON new.key = a.list_type`,
    )
    .all(how);
  announceAccountsReassigned(db, lines, "list_changed", { actor, at: now, field: "list", by: "bulk_action" });
  sqlite.run("DELETE FROM temp.bulk_unpinned");
  return unpinned;
}

/** Gives the accounts to the owner (or to nobody), with an entry for each that had another. Returns how many. */
function giveScopeTo(db: CrmDatabase, owner: { id: number; name: string } | null, actor: Actor, now: Date): number {
  const changing = "id IN (SELECT id FROM temp.account_scope) AND owner_user_id IS NOT ?1";
  const summary = `Changed owner to ${owner ? owner.name : "none"} by bulk action`;
  const given = db.$client.query<{ accountId: number }, [number | null]>(`SELECT id AS accountId FROM accounts WHERE ${changing}`).all(owner?.id ?? null);
  db.$client.run(`UPDATE accounts SET owner_user_id = ?1, updated_at = ?2 WHERE ${changing}`, [owner?.id ?? null, now.getTime()]);
  announceAccountsReassigned(db, given.map(({ accountId }) => ({ accountId, summary })), "account_updated", { actor, at: now, field: "owner", by: "bulk_action" });
  return given.length;
}

/** "25 accounts moved to Key Accounts (3 already there)", with the change recorded for its undo. */
function result(db: CrmDatabase, bulkChangeId: number, matched: number, updated: number, done: string, unchanged: string): BulkAccountsResult {
  const rest = matched - updated;
  const message = `${formatCountOf(updated, "account")} ${done}${rest > 0 ? ` (${formatCount(rest)} ${unchanged})` : ""}`;
  return { matched, updated, message, bulkChangeId: finishBulkChange(db, bulkChangeId, message) };
}

