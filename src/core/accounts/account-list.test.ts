import { describe, expect, test } from "bun:test";
import { accounts } from "../database/schema.ts";
import { useDatabaseWithTeamOfTwo } from "../../testing/team.ts";
import { accountFilterCondition, accountFiltersOf, accountOrderBy, accountQueryOf, listAccounts } from "./account-list.ts";
import { refreshSearchIndex } from "./search-index.ts";
import type { AccountFilterQuery } from "../../contracts/accounts.ts";

describe("the accounts table's filters in SQL", () => {
  const team = useDatabaseWithTeamOfTwo();

  /** Accounts straight into the table, as an import would leave them; their search rows are queued by the triggers. */
  function addAccount(name: string, fields: { phone?: string; owner?: number; orderNumber?: string } = {}): number {
    const { sqlite } = team.database;
    const { id } = sqlite
      .query<{ id: number }, [string, string, string | null, number | null]>(
        "INSERT INTO accounts (name, email, phone, owner_user_id, created_at, updated_at) VALUES (?, ?, ?, ?, 0, 0) RETURNING id",
      )
      .get(name, `${crypto.randomUUID()}@example.com`, fields.phone ?? null, fields.owner ?? null)!;
    if (fields.orderNumber) {
      sqlite.run(
        "INSERT INTO orders (account_id, source, external_id, order_number, customer_email, placed_at, total_cents, raw, content_hash, created_at, updated_at) VALUES (?, 'csv', ?, ?, 'x@example.com', 0, 100, '{}', '', 0, 0)",
        [id, fields.orderNumber, fields.orderNumber],
      );
    }
    return id;
  }

  const names = (query: AccountFilterQuery & { sort?: "name" | "owner"; dir?: "asc" | "desc" }, viewer: number | null = null) =>
    listAccounts(team.database.db, accountQueryOf(query, viewer)).accounts.map((account) => account.name);

  function plan(query: AccountFilterQuery, viewer: number | null = null): string {
    const { db } = team.database;
    const statement = db.select({ id: accounts.id }).from(accounts).where(accountFilterCondition(db, accountFiltersOf(query, viewer))).orderBy(...accountOrderBy({ sort: "name", dir: "asc" })).toSQL();
    return team.database.sqlite
      .query<{ detail: string }, never[]>(`EXPLAIN QUERY PLAN ${statement.sql}`)
      .all(...(statement.params as never[]))
      .map((row) => row.detail)
      .join("\n");
  }

  test("owner: me is the viewer, none has no owner, a user id theirs; found through the owner index", () => {
    addAccount("Ann's Clinic", { owner: team.ann });
    addAccount("Bob's Lab", { owner: team.bob });
    addAccount("Nobody's Pharmacy");
    expect(names({ owner: "me" }, team.bob)).toEqual(["Bob's Lab"]);
    expect(names({ owner: "none" })).toEqual(["Nobody's Pharmacy"]);
    expect(names({ owner: String(team.ann) })).toEqual(["Ann's Clinic"]);
    expect(names({ owner: "all" })).toHaveLength(3);
    expect(() => names({ owner: "me" }, null)).toThrow("owner=me needs a signed-in user");
    expect(plan({ owner: String(team.ann) })).toContain("accounts_owner_user_id_idx");
  });

  test("sort by owner: by the owner's name, those without one last in both directions", () => {
    addAccount("Zeta", { owner: team.ann });
    addAccount("Alpha");
    addAccount("Mid", { owner: team.bob });
    expect(names({ sort: "owner" })).toEqual(["Zeta", "Mid", "Alpha"]);
    expect(names({ sort: "owner", dir: "desc" })).toEqual(["Mid", "Zeta", "Alpha"]);
  });

  test("q finds by phone digits and order number, indexed or still queued, through the indexes rather than a scan", () => {
    addAccount("Pinecrest Lab", { phone: "+1 414-479-4233", orderNumber: "SO-77123" });
    addAccount("Harbor Clinic", { phone: "213.748.8406", orderNumber: "SO-88456" });
    // Queued: the index has not caught up with them yet.
    expect(names({ q: "(414) 479 4233" })).toEqual(["Pinecrest Lab"]);
    expect(names({ q: "SO-884" })).toEqual(["Harbor Clinic"]);
    refreshSearchIndex(team.database.sqlite);
    expect(names({ q: "4144794233" })).toEqual(["Pinecrest Lab"]);
    expect(names({ q: "so-77" })).toEqual(["Pinecrest Lab"]);
    expect(names({ q: "lab" })).toEqual(["Pinecrest Lab"]);
    expect(names({ q: "SO-" })).toEqual(["Harbor Clinic", "Pinecrest Lab"]);
    const planned = plan({ q: "414-479-4233" });
    expect(planned).toContain("VIRTUAL TABLE INDEX");
    expect(planned).toContain("orders_order_number_idx");
    expect(planned).not.toMatch(/SCAN accounts(?! USING)/);
  });
});
