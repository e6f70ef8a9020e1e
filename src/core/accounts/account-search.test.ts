import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { listAccounts, accountQueryOf } from "./account-list.ts";
import { searchAccounts } from "./account-search.ts";
import { refreshSearchIndex, SEARCH_INDEX_BATCH } from "./search-index.ts";

describe("the search index queue", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  beforeEach(() => {
    database = temporaryDatabase();
  });
  afterEach(() => database.dispose());

  function addAccounts(count: number, name: (i: number) => string) {
    const insert = database.sqlite.prepare("INSERT INTO accounts (name, email, created_at, updated_at) VALUES (?, ?, 0, 0)");
    database.sqlite.transaction(() => {
      for (let i = 0; i < count; i++) insert.run(name(i), `${crypto.randomUUID()}@example.com`);
    })();
  }
  const queued = () => (database.sqlite.query("SELECT count(*) AS n FROM search_queue").get() as { n: number }).n;

  test("changes are queued by the database itself and indexed in batches", () => {
    addAccounts(5, (i) => `Clinic ${i}`);
    expect(queued()).toBe(5);
    expect(refreshSearchIndex(database.sqlite)).toBe(0);
    expect(database.sqlite.query("SELECT count(*) AS n FROM account_search").get()).toEqual({ n: 5 });
    database.sqlite.run("UPDATE accounts SET name = 'Renamed Laboratory' WHERE id = 1");
    database.sqlite.run("INSERT INTO contacts (account_id, first_name, last_name, email, created_at, updated_at) VALUES (2, 'Zed', 'Quixote', 'zed@q.com', 0, 0)");
    database.sqlite.run("DELETE FROM accounts WHERE id = 3");
    expect(queued()).toBe(3);
    refreshSearchIndex(database.sqlite);
    expect(database.sqlite.query("SELECT rowid FROM account_search WHERE account_search MATCH '\"aborator\"'").all()).toEqual([{ rowid: 1 }]);
    expect(database.sqlite.query("SELECT rowid FROM account_search WHERE account_search MATCH '\"quixo\"'").all()).toEqual([{ rowid: 2 }]);
    expect(database.sqlite.query("SELECT count(*) AS n FROM account_search").get()).toEqual({ n: 4 });
  });

  test("search and the list filter find accounts the index has not caught up with yet", () => {
    addAccounts(SEARCH_INDEX_BATCH + 50, (i) => `Harbor Testing Partners ${String(i).padStart(5, "0")}`);
    addAccounts(1, () => "Zanzibar Toxicology Group");
    // One search indexes a batch; the rest stays queued and is scanned.
    expect(searchAccounts(database.db, "zibar tox").map((hit) => hit.name)).toEqual(["Zanzibar Toxicology Group"]);
    expect(queued()).toBeGreaterThan(0);
    expect(listAccounts(database.db, accountQueryOf({ q: "zibar" })).accounts.map((account) => account.name)).toEqual(["Zanzibar Toxicology Group"]);
  });
});
