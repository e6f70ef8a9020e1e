import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createAccount, setAccountListType } from "../accounts/accounts.ts";
import { bulkUpdateAccounts } from "../accounts/account-bulk.ts";
import { actorOf } from "../changes/actor.ts";
import { addContact, deleteContact } from "../contacts/contacts.ts";
import { mergeAccounts } from "../duplicates/merge.ts";
import { DomainError } from "../errors.ts";
import { createList, deleteList } from "../lists/lists.ts";
import { createNote, deleteNote } from "../notes/notes.ts";
import { createUser, type PublicUser } from "../users/users.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { listRecycleBin, purgeExpiredUndo, restoreFromRecycleBin } from "./recycle-bin.ts";

describe("the recycle bin", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  let admin: PublicUser;
  let sales: PublicUser;
  let accountId: number;

  beforeEach(async () => {
    database = temporaryDatabase();
    admin = (await createUser(database.db, { email: "admin@example.com", name: "Ada Admin", role: "admin", password: "correct horse battery" })).user;
    sales = (await createUser(database.db, { email: "sales@example.com", name: "Sam Sales", role: "sales", password: "correct horse battery" })).user;
    accountId = createAccount(database.db, { name: "Riverside Clinic", email: "front@riverside.org" }, actorOf(sales)).id;
  });
  afterEach(() => database.dispose());

  const row = (table: string, id: number) => database.sqlite.query(`SELECT * FROM ${table} WHERE id = ?`).get(id);
  const lastLine = () => database.sqlite.query("SELECT kind, summary, actor_name AS actor FROM activities WHERE account_id = ? ORDER BY id DESC LIMIT 1").get(accountId);
  const refusal = (work: () => unknown) => {
    try {
      work();
    } catch (error) {
      return error instanceof DomainError ? { kind: error.kind, message: error.message } : error;
    }
    throw new Error("it went through");
  };

  test("a deleted note comes back whole, with its id, and the timeline says so", () => {
    const note = createNote(database.db, accountId, { title: "Billing", content: "Pays by check, net 30" }, actorOf(sales));
    const before = row("notes", note.id);
    const binId = deleteNote(database.db, note.id, sales);
    expect(row("notes", note.id)).toBeNull();
    expect(lastLine()).toEqual({ kind: "note_deleted", summary: "Deleted a note: Billing", actor: "Sam Sales" });
    const { entries, total } = listRecycleBin(database.db, { limit: 10, offset: 0 }, sales);
    expect(total).toBe(1);
    expect(entries[0]).toMatchObject({ id: binId, kind: "note", label: "Billing", accountId, accountName: "Riverside Clinic", deletedByName: "Sam Sales", canRestore: true });
    expect(entries[0]!.purgedAt.getTime() - entries[0]!.deletedAt.getTime()).toBe(30 * 86_400_000);

    expect(restoreFromRecycleBin(database.db, binId, sales)).toEqual({ kind: "note", accountId, message: "Note restored" });
    expect(row("notes", note.id)).toEqual(before);
    expect(lastLine()).toEqual({ kind: "note_restored", summary: "Restored a note: Billing", actor: "Sam Sales" });
    expect(listRecycleBin(database.db, { limit: 10, offset: 0 }, sales).total).toBe(0);
    expect(refusal(() => restoreFromRecycleBin(database.db, binId, sales))).toEqual({ kind: "not_found", message: "Recycle bin entry not found" });
  });

  test("a note is restored by its author or an administrator, as it is deleted", async () => {
    const colleague = (await createUser(database.db, { email: "pat@example.com", name: "Pat", role: "sales", password: "correct horse battery" })).user;
    const note = createNote(database.db, accountId, { content: "Call before noon" }, actorOf(sales));
    const binId = deleteNote(database.db, note.id, admin);
    expect(listRecycleBin(database.db, { limit: 10, offset: 0 }, colleague).entries[0]!.canRestore).toBe(false);
    expect(refusal(() => restoreFromRecycleBin(database.db, binId, colleague))).toEqual({ kind: "forbidden", message: "Only the note's author or an administrator can restore it" });
    restoreFromRecycleBin(database.db, binId, admin);
    expect(row("notes", note.id)).not.toBeNull();
  });

  test("a deleted contact comes back, primary again only if its account has none now", () => {
    const jane = addContact(database.db, accountId, { firstName: "Jane", lastName: "Roe", email: "jane@riverside.org" }, actorOf(sales));
    const before = row("contacts", jane.id);
    const binId = deleteContact(database.db, jane.id, actorOf(sales));
    expect(lastLine()).toEqual({ kind: "contact_deleted", summary: "Deleted contact Jane Roe", actor: "Sam Sales" });
    expect(restoreFromRecycleBin(database.db, binId, sales)).toEqual({ kind: "contact", accountId, message: "Contact Jane Roe restored" });
    expect(row("contacts", jane.id)).toEqual(before);
    expect(lastLine()).toEqual({ kind: "contact_restored", summary: "Restored contact Jane Roe", actor: "Sam Sales" });

    const again = deleteContact(database.db, jane.id, actorOf(sales));
    const max = addContact(database.db, accountId, { firstName: "Max", lastName: "Moe", email: "max@riverside.org" }, actorOf(sales));
    restoreFromRecycleBin(database.db, again, sales);
    expect(database.sqlite.query("SELECT id, is_primary AS isPrimary FROM contacts ORDER BY id").all()).toEqual([
      { id: jane.id, isPrimary: 0 },
      { id: max.id, isPrimary: 1 },
    ]);
  });

  test("a deleted list comes back, and its accounts still following the activity rules are pinned there again", () => {
    const other = createAccount(database.db, { name: "Lakeview Lab" }, actorOf(sales)).id;
    createList(database.db, { name: "Key Accounts" }, actorOf(sales));
    bulkUpdateAccounts(database.db, { selection: { ids: [accountId, other] }, action: { kind: "setList", listType: "key-accounts" } }, actorOf(sales));
    const deletion = deleteList(database.db, "key-accounts", actorOf(sales));
    expect(deletion).toMatchObject({ accountsMoved: 2 });
    // Staff place one elsewhere meanwhile: theirs stands.
    setAccountListType(database.db, other, "legacy", actorOf(sales));
    expect(restoreFromRecycleBin(database.db, deletion.recycleBinId, sales)).toEqual({ kind: "list", accountId: null, message: "List Key Accounts restored, with 1 of its 2 accounts" });
    expect(database.sqlite.query("SELECT id, list_type AS list, list_pinned AS pinned FROM accounts ORDER BY id").all()).toEqual([
      { id: accountId, list: "key-accounts", pinned: 1 },
      { id: other, list: "legacy", pinned: 1 },
    ]);
    expect(lastLine()).toMatchObject({ kind: "list_changed", summary: "Moved from New to Key Accounts (list restored)" });

    const second = deleteList(database.db, "key-accounts", actorOf(sales));
    createList(database.db, { name: "key accounts" }, actorOf(sales));
    expect(refusal(() => restoreFromRecycleBin(database.db, second.recycleBinId, sales))).toMatchObject({ kind: "conflict" });
  });

  test("refuses a note whose account is gone, and one older than 30 days", () => {
    const note = createNote(database.db, accountId, { content: "Pays by check" }, actorOf(sales));
    const binId = deleteNote(database.db, note.id, sales);
    expect(refusal(() => restoreFromRecycleBin(database.db, binId, sales, new Date(Date.now() + 31 * 86_400_000)))).toEqual({
      kind: "conflict",
      message: "The recycle bin keeps what is deleted for 30 days; this is older",
    });
    const target = createAccount(database.db, { name: "Riverside Group" }, actorOf(sales)).id;
    mergeAccounts(database.db, { targetId: target, sourceIds: [accountId] }, actorOf(sales));
    expect(refusal(() => restoreFromRecycleBin(database.db, binId, sales))).toEqual({ kind: "conflict", message: "The account this note belonged to no longer exists" });
  });

  test("the purge forgets bin entries, merges and bulk changes once their 30 days are over, and nothing sooner", () => {
    const note = createNote(database.db, accountId, { content: "Pays by check" }, actorOf(sales));
    deleteNote(database.db, note.id, sales);
    const other = createAccount(database.db, { name: "Lakeview Lab" }, actorOf(sales)).id;
    bulkUpdateAccounts(database.db, { selection: { ids: [other] }, action: { kind: "setList", listType: "legacy" } }, actorOf(sales));
    mergeAccounts(database.db, { targetId: accountId, sourceIds: [other] }, actorOf(sales));
    const day = 86_400_000;
    expect(purgeExpiredUndo(database.db, new Date(Date.now() + 29 * day))).toEqual({ binEntries: 0, merges: 0, bulkChanges: 0 });
    expect(purgeExpiredUndo(database.db, new Date(Date.now() + 31 * day))).toEqual({ binEntries: 1, merges: 1, bulkChanges: 1 });
    expect(database.sqlite.query("SELECT count(*) AS n FROM bulk_change_accounts").get()).toEqual({ n: 0 });
  });
});
