import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createAccount, updateAccount, type AccountFields } from "../accounts/accounts.ts";
import { COMMAND_LINE } from "../activity/actor.ts";
import { addContact } from "../contacts/contacts.ts";
import { openDatabase } from "../database/open.ts";
import { inTransaction } from "../database/transaction.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { MAX_ACCOUNTS_PER_KEY } from "./blocking-keys.ts";
import { detectAllDuplicates } from "./detect-all.ts";
import { detectDuplicatesForAccounts, FULL_RUN_ABOVE } from "./detect-accounts.ts";
import { dismissDuplicatePair } from "./duplicate-candidates.ts";

describe("duplicate detection", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  beforeEach(() => {
    database = temporaryDatabase();
  });
  afterEach(() => database.dispose());

  const add = (name: string, fields: AccountFields = {}) => createAccount(database.db, { name, ...fields }, COMMAND_LINE).id;
  const detect = (...ids: number[]) => detectDuplicatesForAccounts(database.db, ids);
  const pairs = () =>
    database.sqlite
      .query<{ pair: [number, number]; score: number; reasons: string[]; state: string }, []>(
        "SELECT json_array(account_id, other_account_id) AS pair, score, reasons, state FROM duplicate_pairs ORDER BY account_id, other_account_id",
      )
      .all()
      .map((row) => ({ ...row, pair: JSON.parse(row.pair as unknown as string), reasons: JSON.parse(row.reasons as unknown as string) }));

  describe("each rule, in a full run", () => {
    test("the same domain", () => {
      const a = add("Riverside Clinic", { email: "front@riverside.org" });
      const b = add("RCM Billing", { email: "billing@riverside.org" });
      add("Unrelated Lab", { email: "lab@unrelated.com" });
      expect(detectAllDuplicates(database.db)).toEqual({ matchingPairs: 1 });
      expect(pairs()).toEqual([{ pair: [a, b], score: 100, reasons: ["Same domain riverside.org"], state: "open" }]);
    });

    test("the same normalized name", () => {
      const a = add("The Riverside Clinic, LLC");
      const b = add("RIVERSIDE-CLINIC INC.");
      detectAllDuplicates(database.db);
      expect(pairs()).toEqual([{ pair: [a, b], score: 100, reasons: ["Same name"], state: "open" }]);
    });

    test("the same phone, written differently", () => {
      const a = add("Alpha Lab", { phone: "(404) 555-0100" });
      const b = add("Omega Clinic", { phone: "+1 404.555.0100 ext. 4" });
      add("Short Number Co", { phone: "555-0100" });
      detectAllDuplicates(database.db);
      expect(pairs()).toEqual([{ pair: [a, b], score: 100, reasons: ["Same phone (404) 555-0100"], state: "open" }]);
    });

    test("a contact e-mail shared between two accounts, or one account's own address as another's contact", () => {
      const a = add("Alpha Lab", { email: "orders@alpha.com" });
      const b = add("Omega Clinic", { email: "orders@omega.com" });
      const c = add("Gamma Health", { email: "orders@gamma.com" });
      addContact(database.db, a, { firstName: "Jane", lastName: "Roe", email: "jane.roe@gmail.com" }, COMMAND_LINE);
      addContact(database.db, b, { firstName: "Jane", lastName: "Roe", email: "Jane.Roe@gmail.com" }, COMMAND_LINE);
      addContact(database.db, c, { firstName: "Max", lastName: "Moe", email: "orders@alpha.com" }, COMMAND_LINE);
      detectAllDuplicates(database.db);
      expect(pairs()).toEqual([
        { pair: [a, b], score: 100, reasons: ["Shared e-mail jane.roe@gmail.com"], state: "open" },
        { pair: [a, c], score: 100, reasons: ["Shared e-mail orders@alpha.com"], state: "open" },
      ]);
    });

    test("similar names, scored by their similarity; different numbers never match", () => {
      const a = add("Riverside Recovery Center");
      const b = add("Riverside Recovry Center");
      add("Riverside Recovery Clinic");
      add("Concentra Clinic 12");
      add("Concentra Clinic 13");
      detectAllDuplicates(database.db);
      expect(pairs()).toEqual([{ pair: [a, b], score: 93, reasons: ["Similar names (93%)"], state: "open" }]);
    });

    test("accounts sharing only a free-mail domain are never paired, even with the provider typed in as their domain", () => {
      add("Jane Roe Consulting", { email: "jane@gmail.com" });
      add("Max Moe Testing", { email: "max@gmail.com", domain: "gmail.com" });
      add("Ann Alpha Services", { email: "ann@yahoo.com", domain: "gmail.com" });
      add("jo@gmail.com", { email: "jo@gmail.com" });
      add("jo2@gmail.com", { email: "jo2@gmail.com" });
      expect(detectAllDuplicates(database.db)).toEqual({ matchingPairs: 0 });
    });

    test(`a key shared by more than ${MAX_ACCOUNTS_PER_KEY} accounts pairs none of them; up to that, all`, () => {
      // Written straight to the table: through createAccount, each new account would be paired while the crowd was still small.
      const insert = database.sqlite.prepare("INSERT INTO accounts (name, email, domain, created_at, updated_at) VALUES (?, ?, 'bighospital.org', 0, 0)");
      const crowd = Array.from({ length: MAX_ACCOUNTS_PER_KEY + 1 }, (_, i) => Number(insert.run(`Clinic ${i}`, `site${i}@bighospital.org`).lastInsertRowid));
      detectAllDuplicates(database.db);
      expect(pairs()).toEqual([]);
      detect(crowd[0]!);
      expect(pairs()).toEqual([]);
      database.sqlite.run("DELETE FROM accounts WHERE id = ?", [crowd.pop()!]);
      detectAllDuplicates(database.db);
      expect(pairs().length).toBe((MAX_ACCOUNTS_PER_KEY * (MAX_ACCOUNTS_PER_KEY - 1)) / 2);
    });
  });

  describe("incremental detection", () => {
    test("a new account is paired with the accounts it matches", () => {
      const a = add("Riverside Clinic", { email: "front@riverside.org", phone: "404-555-0100" });
      detect(a);
      expect(pairs()).toEqual([]);
      const b = add("Riverside Clinc", { phone: "(404) 555-0100" });
      detect(b);
      expect(pairs()).toEqual([{ pair: [a, b], score: 100, reasons: ["Same phone (404) 555-0100", "Similar names (88%)"], state: "open" }]);
    });

    test("an edit updates the reasons, and removes the pair once nothing matches any more", () => {
      const a = add("Riverside Clinic", { email: "front@riverside.org", phone: "404-555-0100" });
      const b = add("Riverside Clinic", { email: "billing@riverside.org" });
      detect(a, b);
      expect(pairs()[0]!.reasons).toEqual(["Same domain riverside.org", "Same name"]);
      updateAccount(database.db, b, { name: "Billing Office" }, COMMAND_LINE);
      detect(b);
      expect(pairs()[0]!.reasons).toEqual(["Same domain riverside.org"]);
      updateAccount(database.db, b, { domain: "billing-office.com" }, COMMAND_LINE);
      detect(b);
      expect(pairs()).toEqual([]);
    });

    test("a contact added with another account's address pairs the two", () => {
      const a = add("Alpha Lab", { email: "orders@alpha.com" });
      const b = add("Omega Clinic");
      detect(a, b);
      expect(pairs()).toEqual([]);
      addContact(database.db, b, { firstName: "Ann", lastName: "Alpha", email: "orders@alpha.com" }, COMMAND_LINE);
      detect(b);
      expect(pairs()).toEqual([{ pair: [a, b], score: 100, reasons: ["Shared e-mail orders@alpha.com"], state: "open" }]);
    });

    test("the pair keeps when it was first detected", () => {
      const a = add("Riverside Clinic");
      const b = add("Riverside Clinic LLC", { phone: "404-555-0100" });
      detect(b);
      database.sqlite.run("UPDATE duplicate_pairs SET detected_at = 1");
      updateAccount(database.db, a, { phone: "4045550100" }, COMMAND_LINE);
      detect(a);
      detectAllDuplicates(database.db);
      expect(database.sqlite.query("SELECT detected_at AS at, reasons FROM duplicate_pairs").get()).toEqual({ at: 1, reasons: '["Same phone (404) 555-0100","Same name"]' });
    });

    test("gives the same pairs as a full run", () => {
      seedVariedAccounts();
      detectAllDuplicates(database.db);
      const full = pairs();
      expect(full.length).toBeGreaterThan(20);
      database.sqlite.run("DELETE FROM duplicate_pairs");
      const ids = database.sqlite.query<{ id: number }, []>("SELECT id FROM accounts ORDER BY random()").all().map((row) => row.id);
      for (const id of ids) detect(id);
      expect(pairs()).toEqual(full);
    });

    test(`more than ${FULL_RUN_ABOVE} accounts at once take a full run`, () => {
      const a = add("Riverside Clinic");
      const b = add("Riverside Clinic");
      detect(...Array.from({ length: FULL_RUN_ABOVE + 1 }, (_, i) => i + 1));
      expect(pairs().map((row) => row.pair)).toEqual([[a, b]]);
    });

    test("sees accounts another connection (a CLI import, a second server) added or changed", () => {
      const a = add("Riverside Clinic");
      const b = add("Lakeview Lab");
      detect(a, b);
      const other = openDatabase(database.dataDir);
      const c = createAccount(other.db, { name: "Riverside Clinic Inc" }, COMMAND_LINE).id;
      updateAccount(other.db, b, { name: "Riverside Clinc" }, COMMAND_LINE);
      other.close();
      detect(a);
      // The other connection's own changes detected b and c as well, as every change does.
      expect(pairs().map((row) => row.pair)).toEqual([
        [a, b],
        [a, c],
        [b, c],
      ]);
    });

    test("joins the caller's transaction: a rollback takes the pairs back, and later detection is unaffected", () => {
      const a = add("Riverside Clinic");
      detect(a);
      inTransaction(
        database.sqlite,
        () => {
          detect(add("Riverside Clinic"));
          expect(pairs().length).toBe(1);
        },
        { dryRun: true },
      );
      expect(pairs()).toEqual([]);
      const b = add("Riverside Clinic LLC");
      detect(b);
      expect(pairs().map((row) => row.pair)).toEqual([[a, b]]);
    });

    test("ids of deleted or unknown accounts are fine", () => {
      const a = add("Riverside Clinic");
      const b = add("Riverside Clinic");
      detect(a, b);
      database.sqlite.run("DELETE FROM accounts WHERE id = ?", [b]);
      detect(b, 999);
      detect(a);
      expect(pairs()).toEqual([]);
    });
  });

  describe("dismissals", () => {
    test("a dismissed pair is never flagged again, by full or incremental runs, whatever changes", () => {
      const a = add("Riverside Clinic", { email: "front@riverside.org" });
      const b = add("Riverside Clinic", { email: "billing@riverside.org" });
      detectAllDuplicates(database.db);
      dismissDuplicatePair(database.db, b, a);
      const dismissed = pairs();
      expect(dismissed).toEqual([{ pair: [a, b], score: 100, reasons: ["Same domain riverside.org", "Same name"], state: "dismissed" }]);
      detectAllDuplicates(database.db);
      detect(a, b);
      updateAccount(database.db, b, { phone: "404-555-0100" }, COMMAND_LINE);
      updateAccount(database.db, a, { phone: "4045550100", name: "Riverside Clinic West" }, COMMAND_LINE);
      detect(a, b);
      detectAllDuplicates(database.db);
      expect(pairs()).toEqual(dismissed);
    });
  });

  /** Accounts with every kind of match, some of them crowded and some near misses, for comparing runs. */
  function seedVariedAccounts(): void {
    const words = ["Riverside", "Lakeview", "Summit", "Harbor", "Granite"];
    const kinds = ["Recovery Center", "Toxicology Lab", "Family Clinic"];
    let n = 0;
    for (const word of words) {
      for (const kind of kinds) {
        n++;
        const domain = `${word}${kind}`.toLowerCase().replace(/\s+/g, "");
        add(`${word} ${kind}`, { email: `orders@${domain}.com`, phone: `404-555-${String(1000 + n)}` });
        add(`The ${word} ${kind}, LLC`, { email: `billing@${domain}.com` });
        add(`${word} ${kind.replace("e", "")}`, { phone: `+1 (404) 555 ${1000 + n}` });
        add(`${kind} ${word}`);
        add(`${word} ${kind} ${n}`, { email: `someone${n}@gmail.com` });
      }
    }
  }
});
