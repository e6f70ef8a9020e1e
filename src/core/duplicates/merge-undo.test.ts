import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { updateAccount } from "../accounts/accounts.ts";
import { COMMAND_LINE } from "../changes/actor.ts";
import { addContact } from "../contacts/contacts.ts";
import { DomainError } from "../errors.ts";
import { createNote } from "../notes/notes.ts";
import { recordRiversideOrders, riversideAccounts, type RiversideOrder } from "../../testing/riverside-accounts.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { detectAllDuplicates } from "./detect-all.ts";
import { dismissDuplicatePair } from "./duplicate-candidates.ts";
import { mergeAccounts } from "./merge.ts";
import { undoMerge } from "./merge-undo.ts";

describe("undoMerge", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  let ids: { target: number; first: number; second: number; other: number };
  const actor = { userId: null, name: "Dana Merger", source: "user" as const };

  beforeEach(async () => {
    database = temporaryDatabase();
    const { db } = database;
    const { user, ids: accounts } = await riversideAccounts(db, [["F1", "2025-12-01T12:00:00Z", 20], ["F2", "2026-02-01T12:00:00Z", 35.5]]);
    const { target, first, second, other } = accounts;
    addContact(db, target, { firstName: "Jane", lastName: "Roe", email: "jane@riverside.org" }, COMMAND_LINE);
    // The same person on a source: the merge combines the two contacts into the target's.
    addContact(db, second, { firstName: "Jane", lastName: "Roe", email: "JANE@riverside.org", phone: "(404) 555-0111", title: "Buyer", isPrimary: true }, COMMAND_LINE);
    addContact(db, second, { firstName: "Max", lastName: "Moe", email: "max@riverside.org" }, COMMAND_LINE);
    createNote(db, first, { content: "Pays by check" }, COMMAND_LINE);
    createNote(db, second, { content: "Call before noon" }, COMMAND_LINE);
    database.sqlite.run(
      "INSERT INTO tasks (title, account_id, assignee_id, due_date, source, created_at, updated_at) VALUES ('Follow up', ?1, ?2, '2026-12-01', 'manual', 0, 0)",
      [first, user.id],
    );
    updateAccount(db, first, { ownerUserId: user.id }, COMMAND_LINE);
    detectAllDuplicates(db);
    dismissDuplicatePair(db, first, other);
    ids = { target, first, second, other };
  });
  afterEach(() => database.dispose());

  const customer = (email: string, orders: RiversideOrder[]) => recordRiversideOrders(database.db, email, orders);

  const merge = () => mergeAccounts(database.db, { targetId: ids.target, sourceIds: [ids.first, ids.second], fields: { email: ids.first, name: ids.second } }, actor);
  const rows = (statement: string) => database.sqlite.query(statement).all();
  /**
   * Everything a merge touches, as rows; the timeline apart, which keeps what happened. An account's
   * updated_at is left out: every recount of its figures moves it, the undo's too.
   */
  const state = () => ({
    accounts: (rows("SELECT * FROM accounts ORDER BY id") as { updated_at?: number }[]).map(({ updated_at: _, ...row }) => row),
    contacts: rows("SELECT * FROM contacts ORDER BY id"),
    orders: rows("SELECT id, account_id FROM orders ORDER BY id"),
    notes: rows("SELECT * FROM notes ORDER BY id"),
    tasks: rows("SELECT * FROM tasks ORDER BY id"),
    aliases: rows("SELECT email, account_id FROM account_aliases ORDER BY email"),
    pairs: rows("SELECT account_id, other_account_id, state FROM duplicate_pairs ORDER BY account_id, other_account_id"),
    purchaseDays: rows("SELECT * FROM purchase_days ORDER BY account_id, subject, day"),
  });
  const figures = (id: number) =>
    database.sqlite
      .query("SELECT order_count AS orders, total_order_cents AS cents, first_order_at AS first, last_order_at AS last FROM accounts WHERE id = ?")
      .get(id);

  test("puts back the exact rows, counts and totals of every account", () => {
    const before = state();
    const figuresBefore = [ids.target, ids.first, ids.second].map(figures);
    expect(figures(ids.first)).toMatchObject({ orders: 2, cents: 5550 });
    const { mergeId } = merge();
    expect(figures(ids.target)).toMatchObject({ orders: 4, cents: 20550 });
    const undone = undoMerge(database.db, mergeId!, actor);
    expect(undone).toEqual({ targetId: ids.target, restoredAccountIds: [ids.first, ids.second], message: "Riverside Clinic, Riverside Clinic LLC are back, with 2 orders" });
    const after = state();
    expect(after).toEqual(before);
    expect([ids.target, ids.first, ids.second].map(figures)).toEqual(figuresBefore);
  });

  test("the timeline of each account says so, and the merged accounts' history is theirs again", () => {
    const { mergeId } = merge();
    undoMerge(database.db, mergeId!, actor);
    const lines = (id: number) => rows(`SELECT kind, summary, actor_name AS actor FROM activities WHERE account_id = ${id} ORDER BY id`) as { kind: string; summary: string; actor: string }[];
    expect(lines(ids.target).at(-1)).toEqual({ kind: "merge_undone", summary: "Undid the merge of Riverside Clinic, Riverside Clinic LLC into this account", actor: "Dana Merger" });
    expect(lines(ids.first).at(-1)).toEqual({ kind: "merge_undone", summary: "Restored: its merge into Riverside Clinic was undone", actor: "Dana Merger" });
    expect(lines(ids.first).some((line) => line.kind === "note_added")).toBe(true);
  });

  test("orders that reached the target for a merged-away e-mail since the merge go back with it", () => {
    const { mergeId } = merge();
    customer("billing@riverside-billing.com", [["F3", "2026-04-01T12:00:00Z", 10]]);
    expect(figures(ids.target)).toMatchObject({ orders: 5 });
    undoMerge(database.db, mergeId!, actor);
    expect(figures(ids.first)).toMatchObject({ orders: 3, cents: 6550 });
    expect(figures(ids.target)).toMatchObject({ orders: 2, cents: 15000 });
  });

  test("a field staff changed on the target since the merge keeps their value", () => {
    const { mergeId } = merge();
    updateAccount(database.db, ids.target, { phone: "(404) 555-0199" }, COMMAND_LINE);
    undoMerge(database.db, mergeId!, actor);
    expect(database.sqlite.query("SELECT name, email, phone FROM accounts WHERE id = ?").get(ids.target)).toEqual({
      name: "Riverside Clinic",
      email: "front@riverside.org",
      phone: "+14045550199",
    });
  });

  const refusal = (mergeId: number, now?: Date) => {
    try {
      undoMerge(database.db, mergeId, actor, now);
    } catch (error) {
      return error instanceof DomainError ? { kind: error.kind, message: error.message } : error;
    }
    throw new Error("the undo went through");
  };

  test("refuses a merge undone already, one older than 30 days, and one a later merge stands on; changes nothing then", () => {
    const { mergeId } = merge();
    const merged = state();
    expect(refusal(mergeId!, new Date(Date.now() + 31 * 86_400_000))).toEqual({ kind: "conflict", message: "A merge can be undone for 30 days; this one is older" });
    const later = mergeAccounts(database.db, { targetId: ids.target, sourceIds: [ids.other] }, actor).mergeId!;
    expect(refusal(mergeId!)).toEqual({ kind: "conflict", message: "Another merge into this account came after this one: undo it first" });
    undoMerge(database.db, later, actor);
    expect(state()).toEqual(merged);
    expect(refusal(later)).toEqual({ kind: "conflict", message: "This merge was already undone by Dana Merger" });
    undoMerge(database.db, mergeId!, actor);
    expect(refusal(mergeId!)).toMatchObject({ kind: "conflict" });
    expect(refusal(999)).toEqual({ kind: "not_found", message: "Merge not found" });
  });

  test("refuses while the target is merged into another account, until that merge is undone", () => {
    const { mergeId } = merge();
    const onward = mergeAccounts(database.db, { targetId: ids.other, sourceIds: [ids.target] }, actor).mergeId!;
    expect(refusal(mergeId!)).toEqual({ kind: "conflict", message: "The account these were merged into has since been merged into another one: undo that merge first" });
    undoMerge(database.db, onward, actor);
    undoMerge(database.db, mergeId!, actor);
    expect(figures(ids.first)).toMatchObject({ orders: 2 });
  });
});
