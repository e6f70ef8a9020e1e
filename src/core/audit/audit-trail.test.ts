import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { bulkUpdateAccounts } from "../accounts/account-bulk.ts";
import { undoBulkChange } from "../accounts/bulk-changes.ts";
import { undoMerge } from "../duplicates/merge-undo.ts";
import { restoreFromRecycleBin } from "../recycle-bin/recycle-bin.ts";
import { exportAccounts } from "../accounts/account-export.ts";
import { clearAllCustomerData, createAccount, setAccountListType, updateAccount } from "../accounts/accounts.ts";
import { signIn } from "../auth/sign-in.ts";
import { actorOf, COMMAND_LINE, type Actor } from "../changes/actor.ts";
import { addContact, updateContact } from "../contacts/contacts.ts";
import { mergeAccounts } from "../duplicates/merge.ts";
import { runCsvImport } from "../import/csv-import-run.ts";
import { createNote, deleteNote, updateNote } from "../notes/notes.ts";
import { saveShipStationSecret } from "../shipstation/shipstation-settings.ts";
import { createTask } from "../tasks/tasks.ts";
import { changeRole, resetPassword } from "../team/team.ts";
import { findUserByEmail, toPublicUser, type PublicUser } from "../users/users.ts";
import { MASKED_VALUE } from "../../contracts/audit.ts";
import { exportCsv, itemRow, orderDateDaysAgo } from "../../testing/shipstation-csv.ts";
import { daysAgo, seedCustomer } from "../../testing/seed.ts";
import { useDatabaseWithTeamOfTwo } from "../../testing/team.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { useTemporaryDirectory } from "../../testing/temporary-directory.ts";
import { pruneAuditTrail, RETENTION_YEAR_MS, saveAuditRetention } from "./audit-retention.ts";
import { listAuditTrail } from "./audit-trail.ts";

describe("the audit trail", () => {
  const team = useDatabaseWithTeamOfTwo();
  let ann: PublicUser;
  let annActor: Actor;
  const dir = useTemporaryDirectory("crm-audit-");
  beforeEach(() => {
    ann = toPublicUser(findUserByEmail(team.database.db, "ann@example.com")!);
    annActor = actorOf(ann);
  });

  /** The entries written since `afterId`, oldest first, as the tests compare them. */
  const entriesAfter = (afterId: number) =>
    listAuditTrail(team.database.db, { limit: 500 })
      .entries.filter((entry) => entry.id > afterId)
      .reverse()
      .map(({ actorName, actorSource, entity, action, changes, count, accountId, entityId, summary }) => ({ actorName, actorSource, entity, action, changes, count, accountId, entityId, summary }));
  const lastId = () => listAuditTrail(team.database.db, { limit: 1 }).entries[0]?.id ?? 0;

  test("a scripted day of changes: each one entry, with who, what and each field's old and new value, secrets masked", async () => {
    const { db } = team.database;
    const before = lastId();
    const id = createAccount(db, { name: "Riverside Clinic", email: "front@riverside.org", phone: "412-690-4025" }, annActor).id;
    updateAccount(db, id, { phone: "(412) 690-4026" }, annActor);
    // The welcome task made Ann the owner.
    updateAccount(db, id, { ownerUserId: team.bob }, annActor);
    updateAccount(db, id, { ownerUserId: team.ann }, annActor);
    setAccountListType(db, id, "legacy", annActor);
    const contact = addContact(db, id, { firstName: "Max", lastName: "Moe", email: "max@riverside.org" }, annActor);
    updateContact(db, contact.id, { title: "Buyer" }, annActor);
    const longText = "Pays by check. ".repeat(20).trim();
    const note = createNote(db, id, { content: "Pays by check" }, annActor);
    updateNote(db, note.id, { content: longText }, ann);
    deleteNote(db, note.id, ann);
    createTask(db, { title: "Call back", accountId: id, assigneeId: team.bob, dueDate: "2030-01-15" }, annActor);
    saveShipStationSecret(db, "apiSecret", "s3cret-value-1234", annActor);
    changeRole(db, team.bob, "admin", annActor);
    await resetPassword(db, team.bob, annActor);
    await signIn(db, { email: "ann@example.com", password: "staff-password-1", clientAddress: "10.0.0.1" });
    await expect(signIn(db, { email: "ann@example.com", password: "wrong-password", clientAddress: "10.0.0.2" })).rejects.toThrow();
    exportAccounts(db, { allMatching: { list: "legacy" } }, { sort: "name", dir: "asc" }, annActor);
    const other = seedCustomer(db, { email: "billing@riverside.org", orders: [{ number: "SO-1", placedAt: daysAgo(3), total: 25 }] });
    const third = seedCustomer(db, { email: "buyer@lakeside.org", orders: [{ number: "SO-2", placedAt: daysAgo(3), total: 40 }] });
    bulkUpdateAccounts(db, { selection: { ids: [id, other, third] }, action: { kind: "setOwner", ownerUserId: team.bob } }, annActor);
    mergeAccounts(db, { targetId: id, sourceIds: [other] }, annActor);

    // The seeded customers' orders come through the order writer as the system's: not part of the script.
    const entries = entriesAfter(before).filter((entry) => entry.actorSource !== "system");
    const ann_ = { actorName: "Ann", actorSource: "user" };
    expect(entries.map(({ entity, action }) => `${entity} ${action}`)).toEqual([
      "account created",
      "account updated",
      "account owner_changed",
      "account owner_changed",
      "account list_changed",
      "contact created",
      "contact updated",
      "note created",
      "note updated",
      "note deleted",
      "task created",
      "setting updated",
      "user role_changed",
      "user password_reset",
      "session signed_in",
      "session sign_in_failed",
      "export exported",
      "bulk_change bulk_changed",
      "account merged",
    ]);
    const find = (entity: string, action: string) => entries.find((entry) => entry.entity === entity && entry.action === action)!;
    expect(entries.find((entry) => entry.action === "updated" && entry.entity === "account")).toMatchObject({
      ...ann_,
      accountId: id,
      entityId: id,
      changes: [{ field: "phone", old: "+14126904025", new: "+14126904026" }],
      summary: "Changed phone from (412) 690-4025 to (412) 690-4026",
    });
    expect(entries.filter((entry) => entry.action === "owner_changed").map((entry) => entry.changes)).toEqual([
      [{ field: "owner", old: "Ann", new: "Bob" }],
      [{ field: "owner", old: "Bob", new: "Ann" }],
    ]);
    expect(find("account", "list_changed").changes).toEqual([
      { field: "list", old: "New", new: "Legacy" },
      { field: "pinned", old: false, new: true },
    ]);
    expect(find("contact", "updated")).toMatchObject({ entityId: contact.id, accountId: id, changes: [{ field: "title", old: null, new: "Buyer" }] });
    const edited = find("note", "updated").changes[0]!;
    expect(edited).toMatchObject({ field: "content", old: "Pays by check" });
    expect(edited.new).toMatch(/^Pays by check\. .{60,}… \(sha256 [0-9a-f]{12}\)$/);
    expect(find("note", "deleted").changes[0]).toMatchObject({ field: "content", old: edited.new, new: null });
    expect(find("task", "created").changes).toContainEqual({ field: "assignee", old: null, new: "Bob" });
    // The secret never reaches the trail, not even its last characters.
    expect(find("setting", "updated").changes).toEqual([{ field: "shipstation.apiSecret", old: null, new: MASKED_VALUE }]);
    expect(JSON.stringify(listAuditTrail(db, { limit: 500 }).entries)).not.toContain("1234");
    expect(find("user", "role_changed")).toMatchObject({ ...ann_, entityId: team.bob, changes: [{ field: "role", old: "sales", new: "admin" }] });
    expect(find("user", "password_reset").changes).toEqual([{ field: "password", old: MASKED_VALUE, new: MASKED_VALUE }]);
    expect(find("session", "signed_in")).toMatchObject({ ...ann_, entityId: team.ann, summary: "ann@example.com signed in" });
    // Recorded although the sign-in was refused.
    expect(find("session", "sign_in_failed")).toMatchObject({ actorName: "Sign-in attempt from 10.0.0.2", entityId: team.ann });
    expect(find("export", "exported")).toMatchObject({ ...ann_, count: 1, summary: "Exported 1 account (all accounts matching list=legacy)" });
    // One entry for the bulk action, whatever the number of accounts.
    expect(find("bulk_change", "bulk_changed")).toMatchObject({ ...ann_, entityId: expect.any(Number), count: 2, summary: "2 accounts given to Bob (1 already theirs) (accounts " + [id, other, third].join(", ") + ")" });
    expect(find("account", "merged")).toMatchObject({ ...ann_, accountId: id, count: 1, changes: [{ field: "merged accounts", old: "billing@riverside.org", new: "Riverside Clinic" }] });
  });

  test("undoing is traced too: a merge undone, a bulk change undone from its entry's id, a note restored from the recycle bin", () => {
    const { db } = team.database;
    const id = createAccount(db, { name: "Riverside Clinic", email: "front@riverside.org" }, annActor).id;
    const other = seedCustomer(db, { email: "billing@riverside.org", orders: [{ number: "SO-1", placedAt: daysAgo(3), total: 25 }] });
    const note = createNote(db, id, { content: "Pays by check" }, annActor);
    const before = lastId();
    const binEntryId = deleteNote(db, note.id, ann);
    restoreFromRecycleBin(db, binEntryId, ann);
    bulkUpdateAccounts(db, { selection: { ids: [id, other] }, action: { kind: "setOwner", ownerUserId: team.bob } }, annActor);
    const bulkEntry = entriesAfter(before).find((entry) => entry.entity === "bulk_change")!;
    undoBulkChange(db, bulkEntry.entityId!, annActor);
    const { mergeId } = mergeAccounts(db, { targetId: id, sourceIds: [other] }, annActor);
    undoMerge(db, mergeId!, annActor);

    const entries = entriesAfter(before).filter((entry) => entry.actorSource !== "system" && entry.entity !== "task");
    expect(entries.map(({ entity, action }) => `${entity} ${action}`)).toEqual([
      "note deleted",
      "note restored",
      "bulk_change bulk_changed",
      "account bulk_undone",
      "account merged",
      "account merge_undone",
    ]);
    expect(entries[0]).toMatchObject({ entityId: note.id, accountId: id, changes: [{ field: "content", old: "Pays by check", new: null }] });
    expect(entries[1]).toMatchObject({ entityId: note.id, accountId: id, summary: "Restored a note: Pays by check" });
    // The other account was Bob's already: one changed, one put back.
    expect(entries[3]).toMatchObject({ entityId: bulkEntry.entityId, count: 1, summary: `Undid bulk change #${bulkEntry.entityId}: 1 account put back` });
    expect(entries[5]).toMatchObject({ entityId: id, accountId: id, count: 1, changes: [{ field: "accounts back", old: null, new: String(other) }] });
  });

  test("an import is one entry for its run with its counts, not one per batch; Clear All Data is one entry", async () => {
    const { db } = team.database;
    const rows = Array.from({ length: 30 }, (_, index) => itemRow(`SO-${index}`, `buyer${index}@clinic${index}.com`, { "Date - Order Date": orderDateDaysAgo(5) }));
    const file = path.join(dir.path, "orders.csv");
    writeFileSync(file, exportCsv(rows));
    const before = lastId();
    await runCsvImport(db, [{ path: file }], { actor: annActor });
    expect(entriesAfter(before)).toEqual([
      {
        actorName: "Ann",
        actorSource: "import",
        entity: "import",
        action: "imported",
        changes: [],
        count: 30,
        accountId: null,
        entityId: expect.any(Number),
        summary: "Import of orders.csv completed: 30 orders created, 0 updated, 30 accounts created, 0 rows skipped",
      },
    ]);
    const cleared = lastId();
    clearAllCustomerData(db, COMMAND_LINE, "crm-before-clear.db.gz");
    expect(entriesAfter(cleared)).toMatchObject([
      { actorSource: "command_line", entity: "data", action: "cleared", count: 30, summary: "Cleared all account data (30 accounts); backup kept first: crm-before-clear.db.gz" },
    ]);
  });

  test("the trail is append-only: the database refuses to change or delete an entry", () => {
    const { db, sqlite } = team.database;
    createAccount(db, { name: "Riverside Clinic" }, annActor);
    expect(() => sqlite.run("UPDATE audit_log SET summary = 'nothing happened'")).toThrow("append-only");
    expect(() => sqlite.run("DELETE FROM audit_log")).toThrow("append-only");
    expect(sqlite.query("SELECT count(*) AS n FROM audit_log").get()).not.toEqual({ n: 0 });
  });

});

/** Entries written in time order, as the trail's writers write them, into a database with none yet. */
describe("the audit trail's dates", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  beforeEach(() => {
    database = temporaryDatabase();
  });
  afterEach(() => database.dispose());

  test("from and to are New York days: the entries of those days, found as a range of ids", () => {
    const { db, sqlite } = database;
    const insert = (at: string, summary: string) =>
      sqlite.run("INSERT INTO audit_log (at, actor_name, actor_source, entity, action, summary) VALUES (?, 'Ann', 'user', 'account', 'updated', ?)", [Date.parse(at), summary]);
    insert("2026-03-01T04:59:59Z", "Feb 28 in New York");
    insert("2026-03-01T05:00:00Z", "Mar 1 at midnight");
    insert("2026-03-02T04:59:59Z", "Mar 1, last second");
    insert("2026-03-02T05:00:00Z", "Mar 2");
    insert("2026-03-05T12:00:00Z", "Mar 5");
    const summaries = (from?: string, to?: string) =>
      listAuditTrail(db, { from, to, entity: "account" }).entries.map((entry) => entry.summary).filter((summary) => summary.includes(" "));
    expect(summaries("2026-03-01", "2026-03-01")).toEqual(["Mar 1, last second", "Mar 1 at midnight"]);
    expect(summaries("2026-03-02")).toEqual(expect.arrayContaining(["Mar 5", "Mar 2"]));
    expect(summaries("2026-03-02")).not.toContain("Mar 1, last second");
    expect(summaries(undefined, "2026-02-28")).toEqual(["Feb 28 in New York"]);
    expect(summaries("2026-03-03", "2026-03-04")).toEqual([]);
  });

  test("retention: nothing goes while it is 'keep forever'; with years set, only entries older than them go, and the trigger holds deletes to that", () => {
    const { db, sqlite } = database;
    const now = Date.now();
    const insert = (at: number) =>
      sqlite.run("INSERT INTO audit_log (at, actor_name, actor_source, entity, action, summary) VALUES (?, 'Ann', 'user', 'account', 'updated', 'x')", [at]);
    insert(now - 3 * RETENTION_YEAR_MS);
    insert(now - 1.5 * RETENTION_YEAR_MS);
    insert(now - 1000);
    const ages = () => sqlite.query<{ at: number }, []>("SELECT at FROM audit_log WHERE summary = 'x' ORDER BY at").all().map((row) => row.at);
    expect(pruneAuditTrail(db)).toBe(0);
    expect(ages()).toHaveLength(3);

    saveAuditRetention(db, "2", COMMAND_LINE);
    expect(listAuditTrail(db, { limit: 1 }).entries[0]).toMatchObject({ entity: "setting", changes: [{ field: "auditRetention", old: "keep forever", new: "2 years" }] });
    // A delete reaching further than the setting allows is refused by the trigger, whoever sends it.
    expect(() => sqlite.run("DELETE FROM audit_log WHERE at > ?", [now - 2 * RETENTION_YEAR_MS])).toThrow("append-only");
    expect(pruneAuditTrail(db)).toBe(1);
    expect(ages()).toEqual([now - 1.5 * RETENTION_YEAR_MS, now - 1000]);

    saveAuditRetention(db, "1", COMMAND_LINE);
    expect(pruneAuditTrail(db)).toBe(1);
    expect(ages()).toEqual([now - 1000]);
  });
});
