import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { readFileSync } from "node:fs";
import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { DATABASE_FILE_NAME } from "../database/open.ts";
import { openCrmDatabase } from "../startup/open-crm-database.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { useTemporaryDirectory } from "../../testing/temporary-directory.ts";
import { listAccounts, accountQueryOf } from "./account-list.ts";
import { searchAccounts } from "./account-search.ts";
import { createAccount, updateAccount } from "./accounts.ts";
import { addContact } from "../contacts/contacts.ts";
import { SYSTEM } from "../changes/actor.ts";
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
    expect(listAccounts(database.db, accountQueryOf({ q: "zibar" }, null)).accounts.map((account) => account.name)).toEqual(["Zanzibar Toxicology Group"]);
  });
});

describe("phones searched by their digits", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  beforeEach(() => {
    database = temporaryDatabase();
  });
  afterEach(() => database.dispose());

  const found = (text: string) => searchAccounts(database.db, text).map((hit) => [hit.name, hit.matchedOn, hit.matchedText]);
  const queued = () => (database.sqlite.query("SELECT count(*) AS n FROM search_queue").get() as { n: number }).n;

  test("a contact's new phone is indexed: changing it queues the account", () => {
    database.sqlite.run("INSERT INTO accounts (name, created_at, updated_at) VALUES ('Bayside Clinic', 0, 0)");
    database.sqlite.run("INSERT INTO contacts (account_id, first_name, last_name, phone, created_at, updated_at) VALUES (1, 'Tina', 'Desk', '(727) 555-0142', 0, 0)");
    refreshSearchIndex(database.sqlite);
    expect(found("727-555-0142")).toEqual([["Bayside Clinic", "phone", "(727) 555-0142"]]);
    database.sqlite.run("UPDATE contacts SET phone = '727.555.0199' WHERE id = 1");
    expect(queued()).toBe(1);
    refreshSearchIndex(database.sqlite);
    expect(found("7275550199")).toEqual([["Bayside Clinic", "phone", "727.555.0199"]]);
    expect(found("7275550142")).toEqual([]);
  });
});

describe("a database from before phones were searched by their digits", () => {
  const migrationsFolder = path.join(import.meta.dir, "../../../drizzle");
  const dataDir = useTemporaryDirectory("crm-test-");

  /** The database as the version before migration 0016 left it: its accounts indexed, phones as written. */
  function databaseBeforePhoneSearch(): void {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: { tag: string; when: number }[] };
    const phoneSearch = journal.entries.find((entry) => entry.tag === "0016_phone_search")!.when;
    const sqlite = new Database(path.join(dataDir.path, DATABASE_FILE_NAME), { create: true, strict: true });
    sqlite.run("CREATE TABLE __drizzle_migrations (id INTEGER PRIMARY KEY, hash TEXT NOT NULL, created_at NUMERIC)");
    for (const migration of readMigrationFiles({ migrationsFolder }).filter((migration) => migration.folderMillis < phoneSearch)) {
      for (const statement of migration.sql) if (statement.trim()) sqlite.run(statement);
      sqlite.run("INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)", [migration.hash, migration.folderMillis]);
    }
    sqlite.run("INSERT INTO accounts (name, phone, created_at, updated_at) VALUES ('Tampa Bay Recovery', '(813) 555-0106', 0, 0), ('Bayside Clinic', NULL, 0, 0)");
    sqlite.run("INSERT INTO contacts (account_id, first_name, last_name, phone, created_at, updated_at) VALUES (2, 'Tina', 'Desk', '+1 727-555-0142', 0, 0)");
    sqlite.run("INSERT INTO account_search (rowid, name, domain, email, phone, contacts) SELECT id, name, '', '', coalesce(phone, ''), '' FROM accounts");
    sqlite.run("DELETE FROM search_queue");
    sqlite.close();
  }

  test("is brought up to date when it opens: every account is queued, and indexed again with its phones' digits", () => {
    databaseBeforePhoneSearch();
    const opened = openCrmDatabase(dataDir.path);
    try {
      expect(opened.sqlite.query("SELECT account_id AS id FROM search_queue ORDER BY id").all()).toEqual([{ id: 1 }, { id: 2 }]);
      const found = (text: string) => searchAccounts(opened.db, text).map((hit) => hit.name);
      // Still queued, the accounts are scanned; indexed, they are found through the index.
      expect([found("8135550106"), found("727 555 0142")]).toEqual([["Tampa Bay Recovery"], ["Bayside Clinic"]]);
      expect(refreshSearchIndex(opened.sqlite)).toBe(0);
      expect([found("(813) 555-0106"), found("7275550142")]).toEqual([["Tampa Bay Recovery"], ["Bayside Clinic"]]);
      expect(opened.sqlite.query("SELECT rowid AS id, phones FROM account_search ORDER BY rowid").all()).toEqual([
        { id: 1, phones: "18135550106" },
        { id: 2, phones: "17275550142" },
      ]);
    } finally {
      opened.close();
    }
  });
});

describe("phones stored in one form", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  beforeEach(() => {
    database = temporaryDatabase();
  });
  afterEach(() => database.dispose());

  test("staff's account and contact phones are stored in E.164 and found however they are typed", () => {
    const account = createAccount(database.db, { name: "Lakeshore Labs", phone: "414.479.4233" }, SYSTEM);
    addContact(database.db, account.id, { firstName: "Ann", lastName: "Ray", email: "ann@lakeshore.com", phone: "1 (213) 748-8406 x12" }, SYSTEM);
    expect(database.sqlite.query("SELECT phone FROM accounts UNION ALL SELECT phone FROM contacts").values()).toEqual([["+14144794233"], ["+12137488406;ext=12"]]);
    updateAccount(database.db, account.id, { phone: "+44 20 7946 0958 " }, SYSTEM);
    expect(database.sqlite.query("SELECT phone FROM accounts").values()).toEqual([["+44 20 7946 0958"]]);
    refreshSearchIndex(database.sqlite);
    for (const typed of ["(213) 748-8406", "213.748.8406", "+1 213 748 8406", "2137488406", "748-8406"]) {
      expect(searchAccounts(database.db, typed).map((hit) => [hit.name, hit.matchedText])).toEqual([["Lakeshore Labs", "+12137488406;ext=12"]]);
    }
  });
});
