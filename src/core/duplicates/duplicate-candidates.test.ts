import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { and, asc, eq, sql } from "drizzle-orm";
import { createAccount, type AccountFields } from "../accounts/accounts.ts";
import { COMMAND_LINE } from "../changes/actor.ts";
import { accounts } from "../database/schema.ts";
import { DomainError } from "../errors.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { detectAllDuplicates } from "./detect-all.ts";
import { countAccountsWithOpenDuplicates, dismissDuplicatePair, listDuplicateCandidates } from "./duplicate-candidates.ts";
import { accountsHavingOpenDuplicates, accountsWithOpenDuplicates } from "../accounts/open-duplicates.ts";

describe("duplicate candidates", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  let ids: { clinic: number; sameName: number; similar: number; samePhone: number; loner: number };
  beforeEach(() => {
    database = temporaryDatabase();
    const add = (name: string, fields: AccountFields = {}) => createAccount(database.db, { name, ...fields }, COMMAND_LINE).id;
    ids = {
      clinic: add("Riverside Recovery Center", { email: "front@riverside.org", domain: "riverside.org", phone: "404-555-0100" }),
      sameName: add("The Riverside Recovery Center, LLC", { email: "billing@riverside.org", domain: "riverside.org" }),
      similar: add("Riverside Recovry Center", { email: "intake@riverside.org", domain: "riverside.org" }),
      samePhone: add("Riverside Recovery Ctr", { phone: "(404) 555-0100" }),
      loner: add("Lakeview Lab"),
    };
    database.sqlite.run("UPDATE accounts SET list_type = 'active' WHERE id = ?", [ids.samePhone]);
    detectAllDuplicates(database.db);
  });
  afterEach(() => database.dispose());

  const failure = (work: () => unknown) => {
    try {
      work();
    } catch (error) {
      if (error instanceof DomainError) return { kind: error.kind, message: error.message };
      throw error;
    }
    throw new Error("no failure");
  };

  test("an account's candidates come best first, with what staff need to compare them", () => {
    expect(listDuplicateCandidates(database.db, ids.clinic)).toEqual([
      {
        account: {
          id: ids.sameName,
          name: "The Riverside Recovery Center, LLC",
          email: "billing@riverside.org",
          domain: "riverside.org",
          phone: null,
          orderCount: 0,
          listType: "new",
          listPinned: false,
          ownerUserId: null,
        },
        score: 81,
        reasons: ["Same domain riverside.org", "Same name"],
      },
      { account: expect.objectContaining({ id: ids.samePhone, phone: "+14045550100" }), score: 81, reasons: ["Same phone (404) 555-0100", "Same name"] },
      { account: expect.objectContaining({ id: ids.similar }), score: 80, reasons: ["Same domain riverside.org", "Similar names (93%)"] },
    ]);
    expect(listDuplicateCandidates(database.db, ids.loner)).toEqual([]);
    expect(failure(() => listDuplicateCandidates(database.db, 999))).toEqual({ kind: "not_found", message: "Account not found" });
  });

  test("a dismissed pair is no longer a candidate, either way round", () => {
    dismissDuplicatePair(database.db, ids.samePhone, ids.clinic);
    expect(listDuplicateCandidates(database.db, ids.clinic).map((candidate) => candidate.account.id)).toEqual([ids.sameName, ids.similar]);
    expect(listDuplicateCandidates(database.db, ids.samePhone)).toEqual([]);
  });

  test("dismissing a pair never detected records it, so that it is never flagged later", () => {
    dismissDuplicatePair(database.db, ids.loner, ids.clinic);
    expect(database.sqlite.query("SELECT state FROM duplicate_pairs WHERE account_id = ? AND other_account_id = ?").get(ids.clinic, ids.loner)).toEqual({ state: "dismissed" });
    database.sqlite.run("UPDATE accounts SET name = 'Riverside Recovery Center', phone = '4045550100' WHERE id = ?", [ids.loner]);
    detectAllDuplicates(database.db);
    expect(listDuplicateCandidates(database.db, ids.loner).map((candidate) => candidate.account.id)).toEqual([ids.samePhone]);
  });

  test("dismissing refuses an account paired with itself and unknown accounts", () => {
    expect(failure(() => dismissDuplicatePair(database.db, ids.clinic, ids.clinic))).toEqual({ kind: "invalid", message: "an account cannot be its own duplicate" });
    expect(failure(() => dismissDuplicatePair(database.db, ids.clinic, 999))).toEqual({ kind: "not_found", message: "Account not found" });
  });

  test("the summary counts accounts with an open pair, not pairs, and follows changes", () => {
    expect(countAccountsWithOpenDuplicates(database.db)).toBe(4);
    dismissDuplicatePair(database.db, ids.clinic, ids.samePhone);
    expect(countAccountsWithOpenDuplicates(database.db)).toBe(3);
  });

  test("the list filter works inside a prepared, paged query with other filters", () => {
    const page = database.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(accountsWithOpenDuplicates(), eq(accounts.listType, sql.placeholder("listType"))))
      .orderBy(asc(accounts.id))
      .limit(sql.placeholder("limit"))
      .prepare();
    expect(page.all({ listType: "new", limit: 2 })).toEqual([{ id: ids.clinic }, { id: ids.sameName }]);
    expect(page.all({ listType: "active", limit: 10 })).toEqual([{ id: ids.samePhone }]);
    dismissDuplicatePair(database.db, ids.clinic, ids.samePhone);
    expect(page.all({ listType: "active", limit: 10 })).toEqual([]);
  });

  test("the per-row flag: which accounts of a page have an open pair", () => {
    expect(accountsHavingOpenDuplicates(database.db, [ids.loner, ids.similar, ids.samePhone, 999])).toEqual(new Set([ids.similar, ids.samePhone]));
    expect(accountsHavingOpenDuplicates(database.db, [])).toEqual(new Set());
  });
});
