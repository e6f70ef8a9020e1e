import { UNDO_WINDOW_DAYS } from "../../contracts/common.ts";
import type { BulkChangeUndone } from "../../contracts/accounts.ts";
import { formatCount, formatCountOf } from "../../contracts/counts.ts";
import type { Actor } from "../changes/actor.ts";
import { announceChange } from "../changes/change-feed.ts";
import type { CrmDatabase } from "../database/open.ts";
import { inTransaction } from "../database/transaction.ts";
import { conflict, notFound } from "../errors.ts";

// Raw statements: set-based work over temp.account_scope and a temporary table, which drizzle's schema does
// not describe. A bulk change of thousands of accounts is a few statements, recording it and undoing it too.

type BulkChangeKind = "list" | "owner";

/**
 * Records what a bulk list or owner change is about to change: each account of temp.account_scope with its
 * list, pin and owner, by one INSERT…SELECT. Call in the change's transaction before it changes anything,
 * then `finishBulkChange` after.
 */
export function beginBulkChange(db: CrmDatabase, kind: BulkChangeKind, actor: Actor, at: Date): number {
  const sqlite = db.$client;
  const { id } = sqlite
    .query<{ id: number }, [number, number | null, string, string]>(
      "INSERT INTO bulk_changes (changed_at, actor_user_id, actor_name, kind, description) VALUES (?, ?, ?, ?, '') RETURNING id",
    )
    .get(at.getTime(), actor.userId, actor.name, kind)!;
  sqlite.run(
    `INSERT INTO bulk_change_accounts (bulk_change_id, account_id, before_list_type, before_list_pinned, before_owner_user_id)
     SELECT ?, id, list_type, list_pinned, owner_user_id FROM accounts WHERE id IN (SELECT id FROM temp.account_scope)`,
    [id],
  );
  return id;
}

/**
 * Keeps, of the accounts recorded, those the change changed, with what it gave them; the rest are forgotten.
 * Returns the bulk change's id, or null when it changed nothing (then there is nothing to undo).
 */
export function finishBulkChange(db: CrmDatabase, bulkChangeId: number, description: string): number | null {
  const sqlite = db.$client;
  sqlite.run(
    `UPDATE bulk_change_accounts SET after_list_type = a.list_type, after_list_pinned = a.list_pinned, after_owner_user_id = a.owner_user_id
     FROM accounts a WHERE bulk_change_accounts.bulk_change_id = ?1 AND a.id = bulk_change_accounts.account_id`,
    [bulkChangeId],
  );
  sqlite.run(
    `DELETE FROM bulk_change_accounts WHERE bulk_change_id = ?1
       AND before_list_type = after_list_type AND before_list_pinned = after_list_pinned AND before_owner_user_id IS after_owner_user_id`,
    [bulkChangeId],
  );
  const left = sqlite.query<{ n: number }, [number]>("SELECT count(*) AS n FROM bulk_change_accounts WHERE bulk_change_id = ?").get(bulkChangeId)!.n;
  if (left === 0) {
    sqlite.run("DELETE FROM bulk_changes WHERE id = ?", [bulkChangeId]);
    return null;
  }
  sqlite.run("UPDATE bulk_changes SET description = ? WHERE id = ?", [description, bulkChangeId]);
  return bulkChangeId;
}

/** Of these bulk changes, the ones Undo may still be offered for (the audit trail asks for its page's). */
export function undoableBulkChanges(db: CrmDatabase, bulkChangeIds: readonly number[], now = new Date()): Set<number> {
  if (bulkChangeIds.length === 0) return new Set();
  const changes = db.$client
    .query<{ id: number; changedAt: number; undoneAt: number | null; undoneByName: string | null }, [string]>(
      "SELECT id, changed_at AS changedAt, undone_at AS undoneAt, undone_by_name AS undoneByName FROM bulk_changes WHERE id IN (SELECT value FROM json_each(?))",
    )
    .all(JSON.stringify(bulkChangeIds));
  return new Set(changes.filter((change) => undoRefusal(change, now) === null).map((change) => change.id));
}

/** Why a bulk change can no longer be undone, or null while it can. */
function undoRefusal(change: { changedAt: number; undoneAt: number | null; undoneByName: string | null }, now: Date): string | null {
  if (change.undoneAt !== null) return `This bulk change was already undone${change.undoneByName ? ` by ${change.undoneByName}` : ""}`;
  if (now.getTime() - change.changedAt > UNDO_WINDOW_DAYS * 86_400_000) return `A bulk change can be undone for ${UNDO_WINDOW_DAYS} days; this one is older`;
  return null;
}

/**
 * Undoes a bulk list or owner change within UNDO_WINDOW_DAYS: each account it changed gets its previous
 * list and pin (or owner) back, where it still has what the change gave it; an account changed since (by
 * staff, another bulk action or the activity rules) keeps its present value and is counted as skipped, and
 * so is one whose previous list has been deleted. One UPDATE…FROM for all of them, with a timeline line each.
 */
export function undoBulkChange(db: CrmDatabase, bulkChangeId: number, actor: Actor, now = new Date()): BulkChangeUndone {
  const sqlite = db.$client;
  return inTransaction(
    sqlite,
    () => {
      const change = sqlite
        .query<{ kind: BulkChangeKind; changedAt: number; description: string; undoneAt: number | null; undoneByName: string | null }, [number]>(
          "SELECT kind, changed_at AS changedAt, description, undone_at AS undoneAt, undone_by_name AS undoneByName FROM bulk_changes WHERE id = ?",
        )
        .get(bulkChangeId);
      if (!change) throw notFound("Bulk change not found");
      const refusal = undoRefusal(change, now);
      if (refusal) throw conflict(refusal);

      sqlite.run("CREATE TEMP TABLE IF NOT EXISTS bulk_undo (id INTEGER PRIMARY KEY, summary TEXT NOT NULL)");
      sqlite.run("DELETE FROM temp.bulk_undo");
      sqlite.run(change.kind === "list" ? LIST_UNDO : OWNER_UNDO, [bulkChangeId]);
      const set =
        change.kind === "list"
          ? "list_type = c.before_list_type, list_pinned = c.before_list_pinned"
          : "owner_user_id = c.before_owner_user_id";
      const restored = sqlite.run(
        `UPDATE accounts SET ${set}, updated_at = ?2 FROM bulk_change_accounts c
         WHERE c.bulk_change_id = ?1 AND c.account_id = accounts.id AND accounts.id IN (SELECT id FROM temp.bulk_undo)`,
        [bulkChangeId, now.getTime()],
      ).changes;
      const recorded = sqlite.query<{ n: number }, [number]>("SELECT count(*) AS n FROM bulk_change_accounts WHERE bulk_change_id = ?").get(bulkChangeId)!.n;
      const skipped = recorded - restored;
      const lines = sqlite.query<{ accountId: number; summary: string }, []>("SELECT id AS accountId, summary FROM temp.bulk_undo ORDER BY id").all();
      sqlite.run("DELETE FROM temp.bulk_undo");
      sqlite.run("UPDATE bulk_changes SET undone_at = ?, undone_by_name = ? WHERE id = ?", [now.getTime(), actor.name, bulkChangeId]);
      const kind = change.kind === "list" ? "list_changed" : "account_updated";
      announceChange(db, {
        type: "bulk_change_undone",
        bulkChangeId,
        accountIds: lines.map((line) => line.accountId),
        skipped,
        actor,
        at: now,
        timeline: lines.map(({ accountId, summary }) => ({ accountId, kind, summary })),
      });
      const left = skipped > 0 ? ` (${formatCount(skipped)} changed since, left as they are)` : "";
      return { restored, skipped, message: `Undone: ${formatCountOf(restored, "account")} back as ${restored === 1 ? "it was" : "they were"}${left}` };
    },
    { immediate: true },
  );
}

/** The accounts still where the bulk change put them, whose previous list still exists, with their timeline line. */
const LIST_UNDO = `INSERT INTO temp.bulk_undo (id, summary)
  SELECT c.account_id, 'Moved back from ' || coalesce(now_list.name, c.after_list_type) || ' to ' || back.name
    || CASE WHEN c.before_list_pinned THEN '' ELSE ', following order activity' END || ' (bulk change undone)'
  FROM bulk_change_accounts c
  JOIN accounts a ON a.id = c.account_id AND a.list_type = c.after_list_type AND a.list_pinned = c.after_list_pinned
  JOIN lists back ON back.key = c.before_list_type
  LEFT JOIN lists now_list ON now_list.key = c.after_list_type
  WHERE c.bulk_change_id = ?1`;

/** The accounts still with the owner the bulk change gave them, with their timeline line. */
const OWNER_UNDO = `INSERT INTO temp.bulk_undo (id, summary)
  SELECT c.account_id, 'Changed owner back to ' || coalesce(u.name, 'none') || ' (bulk change undone)'
  FROM bulk_change_accounts c
  JOIN accounts a ON a.id = c.account_id AND a.owner_user_id IS c.after_owner_user_id
  LEFT JOIN users u ON u.id = c.before_owner_user_id
  WHERE c.bulk_change_id = ?1`;
