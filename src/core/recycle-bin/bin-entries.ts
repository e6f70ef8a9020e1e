import type { Actor } from "../changes/actor.ts";
import type { RecycledKind } from "../../contracts/recycle-bin.ts";
import type { CrmDatabase } from "../database/open.ts";

// Raw statements: a record goes to the bin as its whole row (every column, whatever the schema adds), which
// drizzle's typed builder cannot read or write for any table.

/** What a deletion keeps of a record: its kind, key, account, how staff know it, and the record itself. */
export interface BinnedRecord {
  kind: RecycledKind;
  recordKey: string;
  accountId: number | null;
  label: string;
  record: object;
}

/** A table's row, whole, as the bin keeps it; null when there is none with that key. */
export function wholeRow(db: CrmDatabase, table: "notes" | "contacts" | "lists", keyColumn: "id" | "key", key: number | string): Record<string, unknown> | null {
  return db.$client.query<Record<string, unknown>, [number | string]>(`SELECT * FROM ${table} WHERE ${keyColumn} = ?`).get(key);
}

/**
 * Keeps a record that is being deleted for UNDO_WINDOW_DAYS; call in the deletion's transaction, which
 * deletes it from its own table. Returns the bin entry's id.
 */
export function putInRecycleBin(db: CrmDatabase, binned: BinnedRecord, actor: Actor, at: Date): number {
  return db.$client
    .query<{ id: number }, [string, string, number | null, string, string, number, number | null, string]>(
      `INSERT INTO recycle_bin (kind, record_key, account_id, label, record, deleted_at, deleted_by_user_id, deleted_by_name)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .get(binned.kind, binned.recordKey, binned.accountId, binned.label, JSON.stringify(binned.record), at.getTime(), actor.userId, actor.name)!.id;
}

/** Puts a row back in its table as it was, its own id included. */
export function insertWholeRow(db: CrmDatabase, table: "notes" | "contacts" | "lists", row: Record<string, unknown>): void {
  const columns = Object.keys(row);
  db.$client.run(`INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`, columns.map((column) => row[column] as never));
}
