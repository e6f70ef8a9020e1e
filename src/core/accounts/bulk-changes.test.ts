import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import type { Database } from "bun:sqlite";
import { COMMAND_LINE } from "../changes/actor.ts";
import { DomainError } from "../errors.ts";
import { createList } from "../lists/lists.ts";
import { bulkAssignList } from "../lists/bulk-assign.ts";
import { createUser } from "../users/users.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { setAccountListType, updateAccount } from "./accounts.ts";
import { bulkUpdateAccounts } from "./account-bulk.ts";
import { undoBulkChange } from "./bulk-changes.ts";

/** A bulk change the size the issue names: 2,943 accounts, every one of them moved, then put back. */
const ACCOUNTS = 2_943;

describe("undoing a bulk change", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  const dana = { userId: null, name: "Dana Staff", source: "user" as const };

  beforeEach(() => {
    database = temporaryDatabase();
    // Seeded by one statement, as many accounts as an import would make: every third pinned to Active, the rest in New.
    database.sqlite.run(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
       INSERT INTO accounts (name, email, list_type, list_pinned, created_at, updated_at, added_by_hand)
       SELECT 'Clinic ' || i, 'clinic' || i || '@example.com', CASE WHEN i % 3 = 0 THEN 'active' ELSE 'new' END, i % 3 = 0, 0, 0, 1 FROM n`,
      [ACCOUNTS],
    );
    createList(database.db, { name: "Key Accounts" }, dana);
  });
  afterEach(() => database.dispose());

  const lists = () => database.sqlite.query("SELECT id, list_type, list_pinned, owner_user_id FROM accounts ORDER BY id").all();
  const allAccounts = { allMatching: {} };

  /**
   * How many statements the work runs on the connection, as raw statements or drizzle's (both go through
   * query or run): set-based work needs a handful whatever the number of accounts.
   */
  function statementsOf<T>(sqlite: Database, work: () => T): { value: T; statements: number } {
    let statements = 0;
    const original = { query: sqlite.query, run: sqlite.run };
    const counted = <F extends (...args: never[]) => unknown>(method: F) =>
      function (this: Database, ...args: Parameters<F>) {
        statements++;
        return method.apply(this, args);
      };
    Object.assign(sqlite, { query: counted(original.query), run: counted(original.run) });
    try {
      return { value: work(), statements };
    } finally {
      Object.assign(sqlite, original);
    }
  }

  test("puts every account's list and pin back, by a handful of statements however many accounts", () => {
    const before = lists();
    const { value: moved, statements: recording } = statementsOf(database.sqlite, () =>
      bulkUpdateAccounts(database.db, { selection: allAccounts, action: { kind: "setList", listType: "key-accounts" } }, dana),
    );
    expect(recording).toBeLessThan(40);
    expect(moved).toMatchObject({ matched: ACCOUNTS, updated: ACCOUNTS });
    expect(moved.bulkChangeId).toBeNumber();
    const { value: undone, statements } = statementsOf(database.sqlite, () => undoBulkChange(database.db, moved.bulkChangeId!, dana));
    expect(undone).toEqual({ restored: ACCOUNTS, skipped: 0, message: "Undone: 2,943 accounts back as they were" });
    expect(statements).toBeLessThan(30);
    expect(lists()).toEqual(before);
    const lines = database.sqlite.query("SELECT count(*) AS n, min(summary) AS summary FROM activities WHERE summary LIKE '%(bulk change undone)'").get();
    expect(lines).toEqual({ n: ACCOUNTS, summary: "Moved back from Key Accounts to Active (bulk change undone)" });
  });

  test("accounts changed since are left as they are and counted as skipped", async () => {
    const { user } = await createUser(database.db, { email: "owner@example.com", name: "Owner", role: "sales", password: "correct horse battery" });
    const given = bulkUpdateAccounts(database.db, { selection: allAccounts, action: { kind: "setOwner", ownerUserId: user.id } }, dana);
    updateAccount(database.db, 1, { ownerUserId: null }, COMMAND_LINE);
    updateAccount(database.db, 2, { name: "Renamed Clinic" }, COMMAND_LINE);
    const undone = undoBulkChange(database.db, given.bulkChangeId!, dana);
    expect(undone).toEqual({ restored: ACCOUNTS - 1, skipped: 1, message: "Undone: 2,942 accounts back as they were (1 changed since, left as they are)" });
    expect(database.sqlite.query("SELECT count(*) AS n FROM accounts WHERE owner_user_id IS NOT NULL").get()).toEqual({ n: 0 });

    const moved = bulkUpdateAccounts(database.db, { selection: { ids: [1, 2, 3] }, action: { kind: "setList", listType: "key-accounts" } }, dana);
    setAccountListType(database.db, 1, "legacy", COMMAND_LINE);
    expect(undoBulkChange(database.db, moved.bulkChangeId!, dana)).toMatchObject({ restored: 2, skipped: 1 });
    expect(database.sqlite.query("SELECT id, list_type AS list FROM accounts WHERE id <= 3 ORDER BY id").all()).toEqual([
      { id: 1, list: "legacy" },
      { id: 2, list: "new" },
      { id: 3, list: "active" },
    ]);
  });

  test("a bulk e-mail assignment can be undone too; one that changed nothing has nothing to undo", () => {
    const assigned = bulkAssignList(database.db, { emails: ["clinic1@example.com", "clinic3@example.com"], listType: "key-accounts" }, dana);
    expect(assigned.bulkChangeId).toBeNumber();
    expect(undoBulkChange(database.db, assigned.bulkChangeId!, dana)).toMatchObject({ restored: 2, skipped: 0 });
    expect(bulkAssignList(database.db, { emails: ["clinic3@example.com"], listType: "active" }, dana).bulkChangeId).toBeNull();
    expect(bulkAssignList(database.db, { emails: ["clinic1@example.com"], listType: "active" }, dana, { dryRun: true }).bulkChangeId).toBeNull();
  });

  const refusal = (id: number, now?: Date) => {
    try {
      undoBulkChange(database.db, id, dana, now);
    } catch (error) {
      return error instanceof DomainError ? { kind: error.kind, message: error.message } : error;
    }
    throw new Error("the undo went through");
  };

  test("refuses one undone already, one older than 30 days and an unknown one", () => {
    const moved = bulkUpdateAccounts(database.db, { selection: { ids: [1] }, action: { kind: "setList", listType: "key-accounts" } }, dana);
    expect(refusal(moved.bulkChangeId!, new Date(Date.now() + 31 * 86_400_000))).toEqual({ kind: "conflict", message: "A bulk change can be undone for 30 days; this one is older" });
    undoBulkChange(database.db, moved.bulkChangeId!, dana);
    expect(refusal(moved.bulkChangeId!)).toEqual({ kind: "conflict", message: "This bulk change was already undone by Dana Staff" });
    expect(refusal(999)).toEqual({ kind: "not_found", message: "Bulk change not found" });
  });
});
