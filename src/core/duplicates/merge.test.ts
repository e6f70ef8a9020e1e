import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { findAccount, setAccountListType, updateAccount } from "../accounts/accounts.ts";
import { COMMAND_LINE } from "../changes/actor.ts";
import { addContact } from "../contacts/contacts.ts";
import { DomainError } from "../errors.ts";
import { createNote } from "../notes/notes.ts";
import { createUser } from "../users/users.ts";
import type { MergeBody } from "../../contracts/duplicates.ts";
import { recordRiversideOrders, riversideAccounts, type RiversideOrder } from "../../testing/riverside-accounts.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { ACCOUNT_ID_FOR_EMAIL_SQL, accountIdForEmail } from "../account-basics/aliases.ts";
import { detectAllDuplicates } from "./detect-all.ts";
import { dismissDuplicatePair, listDuplicateCandidates } from "./duplicate-candidates.ts";
import { mergeAccounts } from "./merge.ts";

describe("mergeAccounts", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  let ids: { target: number; first: number; second: number; other: number };
  let owner: { id: number; name: string };
  const actor = { userId: null, name: "Dana Merger", source: "user" as const };

  beforeEach(async () => {
    database = temporaryDatabase();
    const { db } = database;
    const { user, ids: accounts } = await riversideAccounts(db, [["F1", "2025-12-01T12:00:00Z", 20]]);
    const { target, first, second, other } = accounts;
    addContact(db, second, { firstName: "Max", lastName: "Moe", email: "max@riverside.org", isPrimary: true }, COMMAND_LINE);
    createNote(db, first, { content: "Pays by check" }, COMMAND_LINE);
    createNote(db, second, { content: "Call before noon" }, COMMAND_LINE);
    database.sqlite.run(
      "INSERT INTO tasks (title, account_id, assignee_id, due_date, source, created_at, updated_at) VALUES ('Follow up', ?1, ?2, '2026-12-01', 'manual', 0, 0), ('Welcome', ?3, ?2, '2026-12-01', 'welcome', 0, 0)",
      [first, user.id, second],
    );
    detectAllDuplicates(db);
    ids = { target, first, second, other };
    // Accounts added by hand get an owner with their welcome task; those from last year's orders have none.
    owner = { id: user.id, name: user.name };
  });
  afterEach(() => database.dispose());

  const customer = (email: string, orders: RiversideOrder[]) => recordRiversideOrders(database.db, email, orders);

  const merge = (request: Partial<MergeBody> = {}) => mergeAccounts(database.db, { targetId: ids.target, sourceIds: [ids.first, ids.second], ...request }, actor);
  const count = (table: string, accountId: number) =>
    database.sqlite.query<{ n: number }, [number]>(`SELECT count(*) AS n FROM ${table} WHERE account_id = ?`).get(accountId)!.n;
  const contactsOf = (accountId: number) =>
    database.sqlite
      .query<{ id: number; name: string; email: string; phone: string | null; title: string | null; isPrimary: number }, [number]>(
        "SELECT id, first_name || ' ' || last_name AS name, email, phone, title, is_primary AS isPrimary FROM contacts WHERE account_id = ? ORDER BY id",
      )
      .all(accountId);
  const snapshot = () =>
    Object.fromEntries(
      ["accounts", "contacts", "orders", "notes", "tasks", "activities", "duplicate_pairs", "account_aliases"].map((table) => [
        table,
        database.sqlite.query(`SELECT * FROM ${table} ORDER BY rowid`).all(),
      ]),
    );

  test("moves contacts, orders, notes, tasks and the timeline to the target and deletes the sources", () => {
    const sources = (table: string) => count(table, ids.first) + count(table, ids.second);
    const before = Object.fromEntries(["contacts", "orders", "notes", "tasks", "activities"].map((table) => [table, { target: count(table, ids.target), sources: sources(table) }]));
    expect(before.orders!.sources).toBe(1);
    expect(before.tasks!.sources).toBeGreaterThanOrEqual(2);
    const outcome = merge();
    expect(outcome.moves).toEqual(Object.fromEntries(Object.entries(before).map(([table, counts]) => [table, counts.sources])) as typeof outcome.moves);
    for (const [table, counts] of Object.entries(before)) {
      // The timeline also gains the merge's own entry.
      expect({ table, count: count(table, ids.target) }).toEqual({ table, count: counts.target + counts.sources + (table === "activities" ? 1 : 0) });
      expect(sources(table)).toBe(0);
    }
    expect(database.sqlite.query("SELECT id FROM accounts WHERE id IN (?, ?)").all(ids.first, ids.second)).toEqual([]);
  });

  test("recounts the target's statistics from its orders, as order recording does", () => {
    merge();
    const target = findAccount(database.db, ids.target);
    expect(target).toMatchObject({
      orderCount: 3,
      totalOrderCents: 17000,
      firstOrderAt: new Date("2025-12-01T12:00:00Z"),
      lastOrderAt: new Date("2026-03-01T12:00:00Z"),
    });
  });

  test("fields come from the chosen account, else the target, else the first source that has one", () => {
    const outcome = merge({ fields: { name: ids.second, phone: ids.first } });
    // The first source has no phone, so the target's is kept; the target has none either, so the second source's.
    expect(outcome.fields).toEqual({ name: "Riverside Clinic LLC", email: "front@riverside.org", domain: "riverside.org", phone: "+14045550100" });
    expect(findAccount(database.db, ids.target)).toMatchObject(outcome.fields);
  });

  test("the target may take a source's e-mail; the other addresses become aliases", () => {
    const outcome = merge({ fields: { email: ids.first, domain: ids.first } });
    expect(findAccount(database.db, ids.target)).toMatchObject({ email: "billing@riverside-billing.com", domain: "riverside-billing.com" });
    expect(outcome.aliases).toEqual(["front@riverside.org"]);
    expect(accountIdForEmail(database.db, "front@riverside.org")).toBe(ids.target);
    expect(accountIdForEmail(database.db, "billing@riverside-billing.com")).toBe(ids.target);
  });

  test("the timeline says what was merged, and who did it", () => {
    merge();
    expect(database.sqlite.query("SELECT summary, actor_name AS actor FROM activities WHERE account_id = ? ORDER BY id DESC LIMIT 1").get(ids.target)).toEqual({
      summary: "Merged Riverside Clinic, Riverside Clinic LLC into this account",
      actor: "Dana Merger",
    });
  });

  test("the target keeps its primary contact; moved contacts are not primary", () => {
    merge();
    const primaries = database.sqlite.query<{ email: string }, [number]>("SELECT email FROM contacts WHERE account_id = ? AND is_primary = 1").all(ids.target);
    expect(primaries).toEqual([{ email: "front@riverside.org" }]);
  });

  test("by default the account with the most orders gives the list, pinned as it is there, and the owner", () => {
    customer("billing@riverside-billing.com", [["F2", "2026-02-01T12:00:00Z", 30], ["F3", "2026-02-15T12:00:00Z", 30]]);
    setAccountListType(database.db, ids.first, "active", actor);
    updateAccount(database.db, ids.first, { ownerUserId: owner.id }, actor);
    const outcome = merge();
    expect({ list: outcome.list, owner: outcome.owner }).toEqual({ list: { listType: "active", listPinned: true }, owner });
    // Pinned: the merged orders, all from last year, leave it in Active.
    expect(findAccount(database.db, ids.target)).toMatchObject({ listType: "active", listPinned: true, ownerUserId: owner.id, orderCount: 5 });
  });

  test("on a tie in orders the target gives the list and the owner", () => {
    customer("billing@riverside-billing.com", [["F2", "2026-02-01T12:00:00Z", 30]]);
    setAccountListType(database.db, ids.first, "active", actor);
    setAccountListType(database.db, ids.target, "new", actor);
    expect(merge({ dryRun: true }).list).toEqual({ listType: "new", listPinned: true });
  });

  test("an account whose list follows its orders hands the target back to the activity rules", () => {
    setAccountListType(database.db, ids.target, "active", actor);
    // The account added by hand has no orders: the rules keep it in New.
    const outcome = merge({ fields: { list: ids.second } });
    expect(outcome.list).toEqual({ listType: "new", listPinned: false });
    // Every merged order is from last year: the rules put the target in Legacy.
    expect(findAccount(database.db, ids.target)).toMatchObject({ listType: "legacy", listPinned: false });
    expect(database.sqlite.query("SELECT summary FROM activities WHERE account_id = ? AND kind = 'list_changed' ORDER BY id DESC LIMIT 1").get(ids.target)).toEqual({
      summary: "Moved from New to Legacy by order activity",
    });
  });

  test("the owner comes from the account chosen for it, else the target's, else the first source's that has one", async () => {
    const { user: seller } = await createUser(database.db, { email: "sam@example.com", name: "Sam Seller", role: "sales", password: "correct horse battery" });
    // Only the account added by hand has an owner so far, and it is the least busy.
    expect(merge({ dryRun: true }).owner).toEqual(owner);
    updateAccount(database.db, ids.target, { ownerUserId: seller.id }, actor);
    expect(merge({ dryRun: true }).owner).toEqual({ id: seller.id, name: "Sam Seller" });
    expect(merge({ dryRun: true, fields: { owner: ids.first } }).owner).toEqual({ id: seller.id, name: "Sam Seller" });
    expect(merge({ fields: { owner: ids.second } }).owner).toEqual(owner);
    expect(findAccount(database.db, ids.target).ownerUserId).toBe(owner.id);
  });

  test("contacts with the same e-mail, in any case, become the target's one, filled in with the other's phone and title", () => {
    database.sqlite.run(
      "INSERT INTO contacts (account_id, first_name, last_name, email, phone, title, is_primary, created_at, updated_at) VALUES (?, 'Jane', 'Roe', ' Front@Riverside.org', '(404) 555-0199', 'Office manager', 0, 0, 0)",
      [ids.second],
    );
    const [targetContact] = contactsOf(ids.target);
    expect(merge({ dryRun: true })).toMatchObject({ moves: { contacts: 3 }, contactsCombined: 1 });
    const outcome = merge();
    expect(outcome).toMatchObject({ moves: { contacts: 3 }, contactsCombined: 1 });
    expect(contactsOf(ids.target)).toEqual([
      { id: targetContact!.id, name: "Jane Roe", email: "front@riverside.org", phone: "(404) 555-0199", title: "Office manager", isPrimary: 1 },
      expect.objectContaining({ email: "billing@riverside-billing.com", isPrimary: 0 }),
      expect.objectContaining({ email: "max@riverside.org", isPrimary: 0 }),
    ]);
  });

  test("a primary contact combined into another hands it the part, and its name where that is blank", () => {
    // The target has no primary, so the earliest primary that comes with the sources is: Max, whom the target has too.
    database.sqlite.run("UPDATE contacts SET is_primary = 0 WHERE account_id IN (?, ?)", [ids.target, ids.first]);
    // An import names a contact as the order does: here without a last name.
    const targetMax = database.sqlite.run(
      "INSERT INTO contacts (account_id, first_name, last_name, email, phone, is_primary, created_at, updated_at) VALUES (?, 'Max', '', 'max@riverside.org', '(404) 555-0111', 0, 0, 0)",
      [ids.target],
    ).lastInsertRowid;
    merge();
    expect(contactsOf(ids.target).filter((contact) => contact.email === "max@riverside.org" || contact.isPrimary)).toEqual([
      { id: Number(targetMax), name: "Max Moe", email: "max@riverside.org", phone: "(404) 555-0111", title: null, isPrimary: 1 },
    ]);
  });

  test("the sources' pairs go, and the target's are detected afresh", () => {
    // The billing partner shares the first source's domain and its contact: enough to pair them, not the target.
    addContact(database.db, ids.other, { firstName: "Jane", lastName: "Roe", email: "jane@riverside-billing.com" }, COMMAND_LINE);
    expect(listDuplicateCandidates(database.db, ids.other).map((candidate) => candidate.account.id)).toEqual([ids.first]);
    merge({ fields: { domain: ids.first } });
    expect(database.sqlite.query("SELECT count(*) AS n FROM duplicate_pairs WHERE ? IN (account_id, other_account_id) OR ? IN (account_id, other_account_id)").get(ids.first, ids.second)).toEqual({ n: 0 });
    expect(listDuplicateCandidates(database.db, ids.target)).toEqual([
      { account: expect.objectContaining({ id: ids.other }), score: 76, reasons: ["Same domain riverside-billing.com", "Same contact person Jane Roe"] },
    ]);
  });

  test("later orders for a merged-away address find the target through its alias", () => {
    merge();
    const findAccountByEmail = database.sqlite.prepare<{ id: number }, [string]>(ACCOUNT_ID_FOR_EMAIL_SQL);
    expect(findAccountByEmail.get("billing@riverside-billing.com")).toEqual({ id: ids.target });
    expect(findAccountByEmail.get("front@riverside.org")).toEqual({ id: ids.target });
    expect(accountIdForEmail(database.db, " Billing@Riverside-Billing.com ")).toBe(ids.target);
    expect(accountIdForEmail(database.db, "nobody@nowhere.example")).toBeNull();
  });

  test("aliases follow their account into a later merge", () => {
    merge();
    mergeAccounts(database.db, { targetId: ids.other, sourceIds: [ids.target] }, actor);
    expect(accountIdForEmail(database.db, "billing@riverside-billing.com")).toBe(ids.other);
    expect(accountIdForEmail(database.db, "front@riverside.org")).toBe(ids.other);
  });

  test("a dry run reports the merge and writes nothing", () => {
    const before = snapshot();
    const preview = merge({ dryRun: true, fields: { email: ids.first } });
    expect(preview).toEqual({
      targetId: ids.target,
      fields: { name: "Riverside Clinic", email: "billing@riverside-billing.com", domain: "riverside.org", phone: "+14045550100" },
      orderCount: 3,
      totalOrderCents: 17000,
      list: { listType: "legacy", listPinned: false },
      owner,
      moves: { contacts: 2, orders: 1, notes: 2, tasks: expect.any(Number), activities: expect.any(Number) },
      contactsCombined: 0,
      aliases: ["front@riverside.org"],
      mergeId: null,
    });
    expect(snapshot()).toEqual(before);
  });

  test("a failure half-way leaves everything as it was", () => {
    const before = snapshot();
    // The sources are deleted last: by then everything else has been written.
    database.sqlite.run("CREATE TEMP TRIGGER refuse_merge BEFORE DELETE ON main.accounts BEGIN SELECT RAISE(ABORT, 'injected failure'); END");
    expect(() => merge({ fields: { email: ids.first } })).toThrow("injected failure");
    database.sqlite.run("DROP TRIGGER temp.refuse_merge");
    expect(snapshot()).toEqual(before);
    merge();
    expect(findAccount(database.db, ids.target).orderCount).toBe(3);
  });

  test("refuses no sources, the target among its sources, unknown accounts and a value from an account not in the merge", () => {
    const refusal = (request: Partial<MergeBody>) => {
      try {
        merge(request);
      } catch (error) {
        return error instanceof DomainError ? { kind: error.kind, field: error.field, message: error.message } : error;
      }
      throw new Error("the merge went through");
    };
    const before = snapshot();
    expect(refusal({ sourceIds: [] })).toEqual({ kind: "invalid", field: "sourceIds", message: "sourceIds must name at least one account to merge" });
    expect(refusal({ sourceIds: [ids.first, ids.target] })).toEqual({ kind: "invalid", field: "sourceIds", message: "An account cannot be merged into itself" });
    expect(refusal({ sourceIds: [ids.first, 999] })).toEqual({ kind: "not_found", field: undefined, message: "Account 999 not found" });
    expect(refusal({ targetId: 999 })).toEqual({ kind: "not_found", field: undefined, message: "Account 999 not found" });
    expect(refusal({ fields: { phone: ids.other } })).toEqual({
      kind: "invalid",
      field: "fields.phone",
      message: "fields.phone must be the id of the target or of an account being merged",
    });
    expect(refusal({ fields: { list: ids.other } })).toMatchObject({ kind: "invalid", field: "fields.list" });
    expect(refusal({ fields: { owner: ids.other } })).toMatchObject({ kind: "invalid", field: "fields.owner" });
    expect(snapshot()).toEqual(before);
  });

  test("a dismissed pair between a source and another account goes with the source", () => {
    dismissDuplicatePair(database.db, ids.first, ids.other);
    merge();
    expect(database.sqlite.query("SELECT count(*) AS n FROM duplicate_pairs WHERE state = 'dismissed'").get()).toEqual({ n: 0 });
  });
});
