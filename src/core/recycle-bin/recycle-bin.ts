import { eq } from "drizzle-orm";
import { UNDO_WINDOW_DAYS } from "../../contracts/common.ts";
import { formatCount, formatCountOf } from "../../contracts/counts.ts";
import type { RecycledKind } from "../../contracts/recycle-bin.ts";
import { withAccountScope } from "../account-basics/account-scope.ts";
import { moveScopeToList } from "../accounts/account-bulk.ts";
import { actorOf, type Actor } from "../changes/actor.ts";
import { announceChange, type TimelineLine } from "../changes/change-feed.ts";
import type { CrmDatabase } from "../database/open.ts";
import { lists } from "../database/schema.ts";
import { inTransaction } from "../database/transaction.ts";
import { conflict, forbidden, notFound } from "../errors.ts";
import { mayChangeNote } from "../notes/notes.ts";
import type { PublicUser } from "../users/users.ts";
import { insertWholeRow } from "./bin-entries.ts";

// Raw statements: the bin keeps whole rows as JSON (bin-entries.ts), which drizzle's schema does not describe.

const UNDO_WINDOW_MS = UNDO_WINDOW_DAYS * 86_400_000;

export interface BinEntry {
  id: number;
  kind: RecycledKind;
  label: string;
  accountId: number | null;
  accountName: string | null;
  deletedAt: Date;
  deletedByName: string;
  purgedAt: Date;
  canRestore: boolean;
}

interface StoredEntry {
  id: number;
  kind: RecycledKind;
  recordKey: string;
  accountId: number | null;
  label: string;
  record: string;
  deletedAt: number;
}

/** A page of the bin, newest first, with the total; everyone sees every entry, and may restore what they may delete. */
export function listRecycleBin(db: CrmDatabase, page: { limit: number; offset: number }, user: PublicUser): { entries: BinEntry[]; total: number } {
  const sqlite = db.$client;
  const rows = sqlite
    .query<Omit<StoredEntry, "recordKey"> & { accountName: string | null; deletedByName: string }, [number, number]>(
      `SELECT b.id, b.kind, b.account_id AS accountId, b.label, b.record, b.deleted_at AS deletedAt, b.deleted_by_name AS deletedByName, a.name AS accountName
       FROM recycle_bin b LEFT JOIN accounts a ON a.id = b.account_id
       ORDER BY b.deleted_at DESC, b.id DESC LIMIT ? OFFSET ?`,
    )
    .all(page.limit, page.offset);
  const total = sqlite.query<{ n: number }, []>("SELECT count(*) AS n FROM recycle_bin").get()!.n;
  return {
    total,
    entries: rows.map(({ record, deletedAt, ...row }) => ({
      ...row,
      deletedAt: new Date(deletedAt),
      purgedAt: new Date(deletedAt + UNDO_WINDOW_MS),
      canRestore: row.kind !== "note" || mayChangeNote({ createdByUserId: (JSON.parse(record) as { created_by_user_id: number | null }).created_by_user_id }, user),
    })),
  };
}

export interface Restored {
  kind: RecycledKind;
  accountId: number | null;
  message: string;
}

/**
 * Puts a deleted record back with its own id, in one transaction, and takes it out of the bin: a note (by
 * its author or an administrator, as it is deleted), a contact (primary again if it was and its account has
 * none now), or a custom list, whose accounts still following the activity rules, as its deletion left
 * them, are pinned there again. Refused (409) when its account is gone, its id or a list's name is taken,
 * or it is older than UNDO_WINDOW_DAYS (the server purges those).
 */
export function restoreFromRecycleBin(db: CrmDatabase, entryId: number, user: PublicUser, now = new Date()): Restored {
  const sqlite = db.$client;
  return inTransaction(db, () => {
    const entry = sqlite
      .query<StoredEntry, [number]>("SELECT id, kind, record_key AS recordKey, account_id AS accountId, label, record, deleted_at AS deletedAt FROM recycle_bin WHERE id = ?")
      .get(entryId);
    if (!entry) throw notFound("Recycle bin entry not found");
    if (now.getTime() - entry.deletedAt > UNDO_WINDOW_MS) throw conflict(`The recycle bin keeps what is deleted for ${UNDO_WINDOW_DAYS} days; this is older`);
    if (entry.accountId !== null && !sqlite.query("SELECT 1 FROM accounts WHERE id = ?").get(entry.accountId)) {
      throw conflict(`The account this ${entry.kind} belonged to no longer exists`);
    }
    const actor = actorOf(user);
    let timeline: TimelineLine[] = [];
    let message: string;
    if (entry.kind === "list") {
      message = restoreList(db, entry, actor, now);
    } else {
      const row = JSON.parse(entry.record) as Record<string, unknown>;
      const table = entry.kind === "note" ? "notes" : "contacts";
      if (sqlite.query(`SELECT 1 FROM ${table} WHERE id = ?`).get(row.id as number)) throw conflict(`A ${entry.kind} with this id exists again, so it cannot be restored`);
      if (entry.kind === "note") {
        if (!mayChangeNote({ createdByUserId: row.created_by_user_id as number | null }, user)) throw forbidden("Only the note's author or an administrator can restore it");
        // An author removed from the team since leaves the note without one, as removing them does.
        const author = sqlite.query("SELECT 1 FROM users WHERE id = ?").get(row.created_by_user_id as number) ? row.created_by_user_id : null;
        insertWholeRow(db, "notes", { ...row, created_by_user_id: author });
        timeline = [{ accountId: entry.accountId!, kind: "note_restored", summary: `Restored a note: ${entry.label}` }];
        message = "Note restored";
      } else {
        const hasPrimary = sqlite.query("SELECT 1 FROM contacts WHERE account_id = ? AND is_primary = 1").get(entry.accountId!);
        insertWholeRow(db, "contacts", { ...row, is_primary: row.is_primary && !hasPrimary ? 1 : 0 });
        timeline = [{ accountId: entry.accountId!, kind: "contact_restored", summary: `Restored contact ${entry.label}` }];
        message = `Contact ${entry.label} restored`;
      }
    }
    sqlite.run("DELETE FROM recycle_bin WHERE id = ?", [entryId]);
    const { kind, recordKey, accountId, label } = entry;
    // Its fields are those the deletion's audit entry kept.
    announceChange(db, { type: "record_restored", kind, binEntryId: entryId, recordKey, accountId, label, changes: [], actor, at: now, timeline });
    return { kind, accountId, message };
  });
}

/** The list back with its key, and its members still following the activity rules pinned there again. */
function restoreList(db: CrmDatabase, entry: StoredEntry, actor: Actor, now: Date): string {
  const sqlite = db.$client;
  const { list, members } = JSON.parse(entry.record) as { list: Record<string, unknown>; members: number[] };
  if (sqlite.query("SELECT 1 FROM lists WHERE key = ?").get(list.key as string)) throw conflict(`A list with the key ${list.key} exists again, so it cannot be restored`);
  if (sqlite.query("SELECT 1 FROM lists WHERE name = ? COLLATE NOCASE").get(list.name as string)) throw conflict(`A list named ${list.name} exists now: rename it first`);
  insertWholeRow(db, "lists", list);
  const stillUnpinned = sqlite
    .query<{ id: number }, [string]>("SELECT id FROM accounts WHERE list_pinned = 0 AND id IN (SELECT value FROM json_each(?))")
    .all(JSON.stringify(members))
    .map((account) => account.id);
  const restored = db.select().from(lists).where(eq(lists.key, list.key as string)).get()!;
  const moved = withAccountScope(sqlite, stillUnpinned, new Set(), () => moveScopeToList(db, restored, { actor, now, how: "(list restored)" }));
  return `List ${restored.name} restored${members.length > 0 ? `, with ${formatCount(moved)} of its ${formatCountOf(members.length, "account")}` : ""}`;
}

/**
 * Forgets what can no longer be undone: bin entries, merges and bulk changes older than UNDO_WINDOW_DAYS.
 * Run by the server in the background (server/background/undo-window-sweeper.ts). Returns how many of each.
 */
export function purgeExpiredUndo(db: CrmDatabase, now: Date): { binEntries: number; merges: number; bulkChanges: number } {
  const sqlite = db.$client;
  const before = now.getTime() - UNDO_WINDOW_MS;
  return inTransaction(sqlite, () => ({
    binEntries: sqlite.run("DELETE FROM recycle_bin WHERE deleted_at < ?", [before]).changes,
    merges: sqlite.run("DELETE FROM merges WHERE merged_at < ?", [before]).changes,
    bulkChanges: sqlite.run("DELETE FROM bulk_changes WHERE changed_at < ?", [before]).changes,
  }));
}
