import type { Database } from "bun:sqlite";
import { UNDO_WINDOW_DAYS } from "../../contracts/common.ts";
import { formatCountOf } from "../../contracts/counts.ts";
import { recomputeAccountStats } from "../accounts/account-stats.ts";
import type { Actor } from "../changes/actor.ts";
import { announceChange } from "../changes/change-feed.ts";
import type { CrmDatabase } from "../database/open.ts";
import { inTransaction } from "../database/transaction.ts";
import { conflict, notFound } from "../errors.ts";

// Raw statements: undo copies whole rows (every column, whatever the schema adds) to JSON and back, which
// drizzle's typed builder cannot do for any table; the moves back are set-based over JSON arrays of ids.

type Row = Record<string, unknown>;

/** What undoing a merge needs, taken in the merge's transaction before anything moves (merges.snapshot). */
export interface MergeSnapshot {
  sourceIds: number[];
  /** The target's and the sources' rows as they were. */
  accounts: Row[];
  /** The target's fields as the merge left them: undo puts back each one nobody has changed since. */
  targetAfter: Row;
  /** The target's and the sources' contacts as they were, and those the merge combined into another (deleted). */
  contacts: Row[];
  combinedContactIds: number[];
  /** Per source, the ids of what moved to the target. */
  moved: Record<MovedTable, Record<string, number[]>>;
  /** Orders above this id arrived after the merge: those for a source's e-mail go back to it. */
  lastOrderId: number;
  /** The alias rows the merge touched as they were, and the e-mails it made aliases of the target. */
  aliases: Row[];
  addedAliases: string[];
  /** The sources' duplicate pairs, dismissed ones included, which the merge deleted. */
  duplicatePairs: Row[];
}

const MOVED_TABLES = ["orders", "notes", "tasks", "activities"] as const;
type MovedTable = (typeof MOVED_TABLES)[number];

/** The target's fields a merge sets, as columns. */
const TARGET_FIELDS = ["name", "email", "domain", "phone", "list_type", "list_pinned", "owner_user_id"] as const;

/** Call in the merge's transaction, before anything moves. */
export function snapshotBeforeMerge(db: CrmDatabase, targetId: number, sourceIds: number[]): Omit<MergeSnapshot, "targetAfter" | "combinedContactIds" | "addedAliases"> {
  const sqlite = db.$client;
  const sources = JSON.stringify(sourceIds);
  const merged = JSON.stringify([targetId, ...sourceIds]);
  const rows = (statement: string, ...params: string[]) => sqlite.query<Row, string[]>(statement).all(...params);
  const moved = Object.fromEntries(
    MOVED_TABLES.map((table) => [
      table,
      Object.fromEntries(
        sqlite
          .query<{ accountId: number; ids: string }, [string]>(`SELECT account_id AS accountId, json_group_array(id) AS ids FROM ${table} WHERE account_id IN (SELECT value FROM json_each(?)) GROUP BY account_id`)
          .all(sources)
          .map(({ accountId, ids }) => [String(accountId), JSON.parse(ids) as number[]]),
      ),
    ]),
  ) as MergeSnapshot["moved"];
  return {
    sourceIds,
    accounts: rows("SELECT * FROM accounts WHERE id IN (SELECT value FROM json_each(?))", merged),
    contacts: rows("SELECT * FROM contacts WHERE account_id IN (SELECT value FROM json_each(?))", merged),
    moved,
    lastOrderId: sqlite.query<{ id: number | null }, []>("SELECT max(id) AS id FROM orders").get()?.id ?? 0,
    aliases: rows("SELECT * FROM account_aliases WHERE account_id IN (SELECT value FROM json_each(?)) OR email IN (SELECT lower(email) FROM accounts WHERE id IN (SELECT value FROM json_each(?)) AND email IS NOT NULL)", merged, merged),
    duplicatePairs: rows("SELECT * FROM duplicate_pairs WHERE account_id IN (SELECT value FROM json_each(?1)) OR other_account_id IN (SELECT value FROM json_each(?1))", sources),
  };
}

/** Call in the merge's transaction once it is done: keeps the snapshot, with the target as the merge left it. Returns the merge's id. */
export function recordMerge(
  db: CrmDatabase,
  before: Omit<MergeSnapshot, "targetAfter" | "combinedContactIds" | "addedAliases">,
  done: { targetId: number; combinedContactIds: number[]; addedAliases: string[]; actor: Actor; at: Date },
): number {
  const sqlite = db.$client;
  const targetAfter = sqlite.query<Row, [number]>(`SELECT ${TARGET_FIELDS.join(", ")} FROM accounts WHERE id = ?`).get(done.targetId)!;
  const snapshot: MergeSnapshot = { ...before, targetAfter, combinedContactIds: done.combinedContactIds, addedAliases: done.addedAliases };
  return sqlite
    .query<{ id: number }, [number, number | null, string, number, string]>(
      "INSERT INTO merges (merged_at, actor_user_id, actor_name, target_id, snapshot) VALUES (?, ?, ?, ?, ?) RETURNING id",
    )
    .get(done.at.getTime(), done.actor.userId, done.actor.name, done.targetId, JSON.stringify(snapshot))!.id;
}

export interface MergeUndoOutcome {
  targetId: number;
  restoredAccountIds: number[];
  message: string;
}

/**
 * Undoes a merge within UNDO_WINDOW_DAYS, in one transaction: the merged accounts come back with their own
 * ids and rows, their contacts (those combined into another too), orders, notes, tasks, timeline, aliases
 * and duplicate pairs, and the orders that reached the target for their e-mails since; the target gets back
 * each field the merge set that nobody has changed since, and the aliases it held; every account's figures
 * are recounted by the one rule, and the change is announced, so the timeline, lists and duplicates follow.
 * Refused (409) once undone, after the window, when the target is gone (merged away itself: that merge is
 * to be undone first), when a later merge into the same target still stands (undo that first, as what it
 * brought is mixed in), or when another account has taken a merged account's e-mail since.
 */
export function undoMerge(db: CrmDatabase, mergeId: number, actor: Actor, now = new Date()): MergeUndoOutcome {
  const sqlite = db.$client;
  return inTransaction(
    sqlite,
    () => {
      const merge = sqlite
        .query<{ mergedAt: number; targetId: number; snapshot: string; undoneAt: number | null; undoneByName: string | null }, [number]>(
          "SELECT merged_at AS mergedAt, target_id AS targetId, snapshot, undone_at AS undoneAt, undone_by_name AS undoneByName FROM merges WHERE id = ?",
        )
        .get(mergeId);
      if (!merge) throw notFound("Merge not found");
      if (merge.undoneAt !== null) throw conflict(`This merge was already undone${merge.undoneByName ? ` by ${merge.undoneByName}` : ""}`);
      if (now.getTime() - merge.mergedAt > UNDO_WINDOW_DAYS * 86_400_000) throw conflict(`A merge can be undone for ${UNDO_WINDOW_DAYS} days; this one is older`);
      const snapshot = JSON.parse(merge.snapshot) as MergeSnapshot;
      const { targetId, sourceIds } = { targetId: merge.targetId, sourceIds: snapshot.sourceIds };
      assertUndoable(sqlite, mergeId, merge.mergedAt, targetId, sourceIds);

      restoreTargetFields(sqlite, targetId, snapshot, now);
      const sourceRows = snapshot.accounts.filter((row) => sourceIds.includes(row.id as number));
      for (const row of sourceRows) {
        const holder = row.email ? sqlite.query<{ id: number; name: string }, [string]>("SELECT id, name FROM accounts WHERE email = ?").get(row.email as string) : null;
        if (holder) throw conflict(`${row.email} is now the e-mail of ${holder.name}, so ${row.name} cannot have it back`);
        // An owner removed from the team since leaves the account without one, as removing them does.
        insertRow(sqlite, "accounts", { ...row, owner_user_id: existing(sqlite, "users", row.owner_user_id) });
      }
      restoreContacts(sqlite, targetId, snapshot, merge.mergedAt);
      for (const table of MOVED_TABLES) {
        for (const [sourceId, ids] of Object.entries(snapshot.moved[table])) {
          sqlite.run(`UPDATE ${table} SET account_id = ? WHERE account_id = ? AND id IN (SELECT value FROM json_each(?))`, [Number(sourceId), targetId, JSON.stringify(ids)]);
        }
      }
      restoreAliasesAndLaterOrders(sqlite, targetId, snapshot, sourceRows);
      for (const pair of snapshot.duplicatePairs) {
        if (existing(sqlite, "accounts", pair.account_id) && existing(sqlite, "accounts", pair.other_account_id)) insertRow(sqlite, "duplicate_pairs", pair, "OR IGNORE");
      }

      recomputeAccountStats(db, [targetId, ...sourceIds], { now, actor });
      sqlite.run("UPDATE merges SET undone_at = ?, undone_by_name = ? WHERE id = ?", [now.getTime(), actor.name, mergeId]);
      const names = sourceRows.map((row) => row.name as string).join(", ");
      const orders = Object.values(snapshot.moved.orders).reduce((sum, ids) => sum + ids.length, 0);
      announceChange(db, {
        type: "merge_undone",
        mergeId,
        targetId,
        sourceIds,
        actor,
        at: now,
        timeline: [
          { accountId: targetId, kind: "merge_undone", summary: `Undid the merge of ${names} into this account` },
          ...sourceRows.map((row) => ({ accountId: row.id as number, kind: "merge_undone" as const, summary: `Restored: its merge into ${targetName(sqlite, targetId)} was undone` })),
        ],
      });
      return { targetId, restoredAccountIds: sourceIds, message: `${names} ${sourceRows.length === 1 ? "is" : "are"} back, with ${formatCountOf(orders, "order")}` };
    },
    { immediate: true },
  );
}

function assertUndoable(sqlite: Database, mergeId: number, mergedAt: number, targetId: number, sourceIds: number[]): void {
  if (!sqlite.query("SELECT 1 FROM accounts WHERE id = ?").get(targetId)) {
    const laterMerge = sqlite
      .query<{ id: number }, [number, number]>(
        "SELECT id FROM merges WHERE undone_at IS NULL AND merged_at >= ?2 AND ?1 IN (SELECT value FROM json_each(snapshot, '$.sourceIds')) ORDER BY id DESC LIMIT 1",
      )
      .get(targetId, mergedAt);
    throw conflict(
      laterMerge
        ? "The account these were merged into has since been merged into another one: undo that merge first"
        : "The account these were merged into has been deleted since",
    );
  }
  const later = sqlite.query("SELECT 1 FROM merges WHERE target_id = ? AND id > ? AND undone_at IS NULL").get(targetId, mergeId);
  if (later) throw conflict("Another merge into this account came after this one: undo it first");
  const taken = sqlite.query<{ id: number }, [string]>("SELECT id FROM accounts WHERE id IN (SELECT value FROM json_each(?)) LIMIT 1").get(JSON.stringify(sourceIds));
  if (taken) throw conflict(`Account ${taken.id} exists again, so the merge cannot put it back`);
}

/** Each field the merge set goes back, unless staff have changed it since (then theirs stands). */
function restoreTargetFields(sqlite: Database, targetId: number, snapshot: MergeSnapshot, now: Date): void {
  const before = snapshot.accounts.find((row) => row.id === targetId)!;
  const current = sqlite.query<Row, [number]>(`SELECT ${TARGET_FIELDS.join(", ")} FROM accounts WHERE id = ?`).get(targetId)!;
  const restored = TARGET_FIELDS.filter((field) => current[field] === snapshot.targetAfter[field] && current[field] !== before[field]);
  const value = (field: (typeof TARGET_FIELDS)[number]) => (field === "owner_user_id" ? existing(sqlite, "users", before[field]) : (before[field] as string | number | null));
  if (restored.length === 0) return;
  sqlite.run(`UPDATE accounts SET ${restored.map((field) => `${field} = ?`).join(", ")}, updated_at = ? WHERE id = ?`, [
    ...restored.map(value),
    now.getTime(),
    targetId,
  ]);
}

/**
 * The sources' contacts go back to them, those combined into another come back, and each contact the
 * merge changed (moved, made primary or not, filled in) takes its row as it was, unless edited since.
 */
function restoreContacts(sqlite: Database, targetId: number, snapshot: MergeSnapshot, mergedAt: number): void {
  const combined = new Set(snapshot.combinedContactIds);
  for (const contact of snapshot.contacts) {
    const current = sqlite.query<{ updatedAt: number; accountId: number }, [number]>("SELECT updated_at AS updatedAt, account_id AS accountId FROM contacts WHERE id = ?").get(contact.id as number);
    if (!current) {
      if (combined.has(contact.id as number)) insertRow(sqlite, "contacts", contact);
      continue;
    }
    if (current.accountId !== targetId) continue;
    const untouchedSince = current.updatedAt === contact.updated_at || current.updatedAt === mergedAt;
    if (untouchedSince) {
      const columns = Object.keys(contact).filter((column) => column !== "id");
      sqlite.run(`UPDATE contacts SET ${columns.map((column) => `${column} = ?`).join(", ")} WHERE id = ?`, [...columns.map((column) => contact[column] as never), contact.id as number]);
    } else if (contact.account_id !== targetId) {
      sqlite.run("UPDATE contacts SET account_id = ?, is_primary = 0 WHERE id = ?", [contact.account_id as number, contact.id as number]);
    }
  }
}

/**
 * The aliases are put back as they were (the merge's own removed), and the orders that reached the target
 * since the merge for a source's e-mail, or an alias it had, go to that source.
 */
function restoreAliasesAndLaterOrders(sqlite: Database, targetId: number, snapshot: MergeSnapshot, sourceRows: Row[]): void {
  const hadBefore = new Set(snapshot.aliases.map((alias) => alias.email as string));
  sqlite.run("DELETE FROM account_aliases WHERE account_id = ? AND email IN (SELECT value FROM json_each(?))", [
    targetId,
    JSON.stringify(snapshot.addedAliases.filter((email) => !hadBefore.has(email))),
  ]);
  for (const alias of snapshot.aliases) {
    if (existing(sqlite, "accounts", alias.account_id)) insertRow(sqlite, "account_aliases", alias, "OR REPLACE");
  }
  const emailsOfSource = sourceRows.map((row) => ({
    id: row.id as number,
    emails: [row.email as string | null, ...snapshot.aliases.filter((alias) => alias.account_id === row.id).map((alias) => alias.email as string)].filter(Boolean),
  }));
  for (const { id, emails } of emailsOfSource) {
    if (emails.length === 0) continue;
    sqlite.run("UPDATE orders SET account_id = ? WHERE account_id = ? AND id > ? AND lower(trim(customer_email)) IN (SELECT value FROM json_each(?))", [
      id,
      targetId,
      snapshot.lastOrderId,
      JSON.stringify(emails),
    ]);
  }
}

function insertRow(sqlite: Database, table: string, row: Row, conflictRule = ""): void {
  const columns = Object.keys(row);
  sqlite.run(`INSERT ${conflictRule} INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`, columns.map((column) => row[column] as never));
}

/** The id when that row still exists, else null. */
function existing(sqlite: Database, table: "users" | "accounts", id: unknown): number | null {
  return typeof id === "number" && sqlite.query(`SELECT 1 FROM ${table} WHERE id = ?`).get(id) ? id : null;
}

function targetName(sqlite: Database, targetId: number): string {
  return sqlite.query<{ name: string }, [number]>("SELECT name FROM accounts WHERE id = ?").get(targetId)!.name;
}
