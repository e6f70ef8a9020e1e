import { afterEach, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DATABASE_FILE_NAME } from "../database/open.ts";
import { openCrmDatabase } from "../startup/open-crm-database.ts";
import { PHONE_UPGRADE_BATCH, upgradeStoredPhones } from "./phone-upgrade.ts";
import { refreshSearchIndex } from "./search-index.ts";
import { searchAccounts } from "./account-search.ts";

describe("the upgrade of stored phones on open", () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  function databaseWithPhonesAsTyped(): string {
    const dir = mkdtempSync(path.join(tmpdir(), "crm-phone-upgrade-"));
    dirs.push(dir);
    openCrmDatabase(dir).sqlite.close();
    const old = new Database(path.join(dir, DATABASE_FILE_NAME), { strict: true });
    old.run(`INSERT INTO accounts (name, phone, created_at, updated_at) VALUES ('Riverside Clinic', '4126904025', 7, 7), ('Lakeshore Labs', '+1 414-479-4233', 7, 7),
      ('Downtown Testing', '213.748.8406', 7, 7), ('London Office', '+44 20 7946 0958', 7, 7), ('No Phone', NULL, 7, 7), ('Done Already', '+14045550100', 7, 7)`);
    old.run(`INSERT INTO contacts (account_id, first_name, last_name, phone, created_at, updated_at) VALUES (1, 'Ann', 'Ray', '(412) 690-4025 ext. 12', 7, 7),
      (2, 'Bob', 'Lee', '  ', 7, 7), (4, 'Cy', 'Moor', 'ask front desk', 7, 7)`);
    // As migration 0027 leaves a database from before the one form.
    old.run("CREATE TABLE phone_upgrade_pending (started integer)");
    old.close();
    return dir;
  }

  test("every phone is written in its one form once, reported on the start's log, and found by search as before", () => {
    const dir = databaseWithPhonesAsTyped();
    const opened = openCrmDatabase(dir);
    try {
      expect(opened.upgrades).toEqual(["upgrade: wrote 5 phones of accounts and contacts in the one stored form (+14144794233)"]);
      expect(opened.sqlite.query("SELECT name, phone, updated_at AS updatedAt FROM accounts ORDER BY id").all()).toEqual([
        { name: "Riverside Clinic", phone: "+14126904025", updatedAt: 7 },
        { name: "Lakeshore Labs", phone: "+14144794233", updatedAt: 7 },
        { name: "Downtown Testing", phone: "+12137488406", updatedAt: 7 },
        { name: "London Office", phone: "+44 20 7946 0958", updatedAt: 7 },
        { name: "No Phone", phone: null, updatedAt: 7 },
        { name: "Done Already", phone: "+14045550100", updatedAt: 7 },
      ]);
      expect(opened.sqlite.query("SELECT phone FROM contacts ORDER BY id").values()).toEqual([["+14126904025;ext=12"], [null], ["ask front desk"]]);
      refreshSearchIndex(opened.sqlite);
      expect(searchAccounts(opened.db, "213-748-8406").map((hit) => [hit.name, hit.matchedText])).toEqual([["Downtown Testing", "+12137488406"]]);
    } finally {
      opened.sqlite.close();
    }
    // Done once, the rewrite is not looked for again: a phone written since by hand in SQL stays as it is.
    const typed = new Database(path.join(dir, DATABASE_FILE_NAME), { strict: true });
    typed.run("UPDATE accounts SET phone = '404 555 0100' WHERE name = 'Done Already'");
    typed.close();
    const again = openCrmDatabase(dir);
    try {
      expect(again.upgrades).toEqual([]);
      expect(again.sqlite.query("SELECT phone FROM accounts WHERE name = 'Done Already'").get()).toEqual({ phone: "404 555 0100" });
    } finally {
      again.sqlite.close();
    }
  });

  test("works through more phones than one batch holds", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "crm-phone-upgrade-"));
    dirs.push(dir);
    const opened = openCrmDatabase(dir);
    try {
      const count = PHONE_UPGRADE_BATCH * 2 + 7;
      const insert = opened.sqlite.prepare("INSERT INTO accounts (name, phone, created_at, updated_at) VALUES (?, ?, 0, 0)");
      opened.sqlite.run("CREATE TABLE phone_upgrade_pending (started integer)");
      opened.sqlite.transaction(() => {
        for (let i = 0; i < count; i++) insert.run(`Clinic ${i}`, i % 2 ? `+44 20 7946 ${String(i).padStart(4, "0")}` : `(414) 479-${String(i).padStart(4, "0")}`);
      })();
      expect(upgradeStoredPhones(opened.sqlite)).toBe(Math.ceil(count / 2));
      expect(opened.sqlite.query("SELECT count(*) AS n FROM accounts WHERE phone GLOB '+1414479*'").get()).toEqual({ n: Math.ceil(count / 2) });
      expect(upgradeStoredPhones(opened.sqlite)).toBe(0);
    } finally {
      opened.sqlite.close();
    }
  });
});
