import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createAccount, updateAccount, type AccountFields } from "../accounts/accounts.ts";
import { COMMAND_LINE } from "../changes/actor.ts";
import { addContact } from "../contacts/contacts.ts";
import { openCrmDatabase } from "../startup/open-crm-database.ts";
import { inTransaction } from "../database/transaction.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { MAX_ACCOUNTS_PER_KEY } from "./blocking-keys.ts";
import { detectAllDuplicates } from "./detect-all.ts";
import { detectDuplicatesForAccounts, FULL_RUN_ABOVE } from "./detect-accounts.ts";
import { dismissDuplicatePair } from "./duplicate-candidates.ts";
import { mergeAccounts } from "./merge.ts";
import { seedCustomer, type SeededShipTo } from "../../testing/seed.ts";

describe("duplicate detection", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  beforeEach(() => {
    database = temporaryDatabase();
  });
  afterEach(() => database.dispose());

  const add = (name: string, fields: AccountFields = {}) => createAccount(database.db, { name, ...fields }, COMMAND_LINE).id;
  /** A customer created from an order, as imports create them, and checked for duplicates as the server's queue would. */
  const customer = (email: string, shipTo: SeededShipTo) => {
    const id = seedCustomer(database.db, { email, ...shipTo, orders: [{ number: `SO-${email}`, placedAt: "2026-10-01", total: 50 }] });
    detect(id);
    return id;
  };
  const detect = (...ids: number[]) => detectDuplicatesForAccounts(database.db, ids);
  const pairs = () =>
    database.sqlite
      .query<{ pair: [number, number]; score: number; reasons: string[]; state: string }, []>(
        "SELECT json_array(account_id, other_account_id) AS pair, score, reasons, state FROM duplicate_pairs ORDER BY account_id, other_account_id",
      )
      .all()
      .map((row) => ({ ...row, pair: JSON.parse(row.pair as unknown as string), reasons: JSON.parse(row.reasons as unknown as string) }));

  describe("each piece of evidence, in a full run", () => {
    test("a business domain with a similar, equal or related name; a domain alone is not enough", () => {
      const a = add("Riverside Clinic", { email: "front@riverside.org" });
      const b = add("Riverside Clinc", { email: "billing@riverside.org" });
      const c = add("Riverside Clinic Billing", { email: "ap@riverside.org" });
      add("Lakeshore Pediatrics", { email: "peds@riverside.org" });
      add("Unrelated Lab", { email: "lab@unrelated.com" });
      // 'Riverside Clinc' and 'Riverside Clinic Billing' share the domain and nothing else: the names differ in a word.
      expect(detectAllDuplicates(database.db)).toEqual({ matchingPairs: 2 });
      expect(pairs().map(({ pair, reasons }) => ({ pair, reasons }))).toEqual([
        { pair: [a, b], reasons: ["Same domain riverside.org", "Similar names (88%)"] },
        { pair: [a, c], reasons: ["Same domain riverside.org", "Related names"] },
      ]);
    });

    test("the latest ship-to address, however written, with a similar name; an address alone is not enough", () => {
      const a = customer("front@riverside.org", { company: "Riverside Recovery Center", street: "120 Main Street, Suite 200", postalCode: "30303" });
      const b = customer("riverside.recovery@gmail.com", { company: "Riverside Recovry Center", street: "120 MAIN ST STE 200", postalCode: "30303-4410" });
      customer("hello@peachpediatrics.com", { company: "Peach Pediatrics", street: "120 Main St #310", postalCode: "30303" });
      detectAllDuplicates(database.db);
      expect(pairs()).toEqual([{ pair: [a, b], score: 80, reasons: ["Same address 120 Main St, 30303", "Similar names (93%)"], state: "open" }]);
    });

    test("a phone, written differently, with an equal name; a phone alone is not enough", () => {
      const a = add("Summit Staffing", { phone: "(404) 555-0100" });
      const b = add("SUMMIT STAFFING, INC.", { phone: "+1 404.555.0100 ext. 4" });
      add("Omega Clinic", { phone: "404-555-0100" });
      add("Summit Staffing", { phone: "555-0100" });
      detectAllDuplicates(database.db);
      expect(pairs().filter((row) => row.pair.includes(a) && row.pair.includes(b)).map((row) => row.reasons)).toEqual([["Same phone (404) 555-0100", "Same name"]]);
      expect(pairs().every((row) => row.reasons.length >= 2)).toBe(true);
    });

    test("one person on two free-mail addresses, by name and phone; namesakes alone are not paired", () => {
      const a = customer("jane.doe@gmail.com", { contactName: "Jane Doe", phone: "404-555-0111" });
      const b = customer("janedoe1980@yahoo.com", { contactName: "Jane A. Doe", phone: "(404) 555-0111" });
      customer("jdoe@hotmail.com", { contactName: "Jane Doe", phone: "212-555-0199" });
      detectAllDuplicates(database.db);
      expect(pairs().map(({ pair, reasons }) => ({ pair, reasons }))).toEqual([{ pair: [a, b], reasons: ["Same phone (404) 555-0111", "Same person name"] }]);
    });

    test("a contact e-mail shared between two accounts, or one account's own address as another's contact, is proof", () => {
      const a = add("Alpha Lab", { email: "orders@alpha.com" });
      const b = add("Omega Clinic", { email: "orders@omega.com" });
      const c = add("Gamma Health", { email: "orders@gamma.com" });
      addContact(database.db, a, { firstName: "Jane", lastName: "Roe", email: "jane.roe@gmail.com" }, COMMAND_LINE);
      addContact(database.db, b, { firstName: "Jane", lastName: "Roe", email: "Jane.Roe@gmail.com" }, COMMAND_LINE);
      addContact(database.db, c, { firstName: "Max", lastName: "Moe", email: "orders@alpha.com" }, COMMAND_LINE);
      detectAllDuplicates(database.db);
      expect(pairs()).toEqual([
        { pair: [a, b], score: 100, reasons: ["Shared e-mail jane.roe@gmail.com", "Same contact person Jane Roe"], state: "open" },
        { pair: [a, c], score: 100, reasons: ["Shared e-mail orders@alpha.com"], state: "open" },
      ]);
    });

    test("an address of an account merged away is its survivor's: a contact using it pairs the two", () => {
      const survivor = add("Alpha Lab", { email: "orders@alpha.com" });
      const merged = add("Alpha Laboratory", { email: "old-orders@alphalab.net" });
      mergeAccounts(database.db, { targetId: survivor, sourceIds: [merged] }, COMMAND_LINE);
      const other = add("Omega Clinic", { email: "orders@omega.com" });
      addContact(database.db, other, { firstName: "Ann", lastName: "Lee", email: "old-orders@alphalab.net" }, COMMAND_LINE);
      detectAllDuplicates(database.db);
      expect(pairs()).toEqual([{ pair: [survivor, other], score: 100, reasons: ["Shared e-mail old-orders@alphalab.net"], state: "open" }]);
    });

    test("names that differ in a distinguishing word or number are not paired, even with a weak sign", () => {
      add("Oak Ridge Preparatory School", { phone: "404-555-0100" });
      add("Blue Ridge Preparatory School", { phone: "404-555-0100" });
      add("Fairview Community Health Center", { email: "info@fairviewhealth.org" });
      add("Parkview Community Health Center", { email: "info@fairviewhealth.com", domain: "fairviewhealth.org" });
      add("Concentra Clinic 12", { email: "c12@concentra.com" });
      add("Concentra Clinic 13", { email: "c13@concentra.com" });
      expect(detectAllDuplicates(database.db)).toEqual({ matchingPairs: 0 });
    });

    test("accounts sharing only a free-mail domain are never paired, even with the provider typed in as their domain", () => {
      add("Jane Roe Consulting", { email: "jane@gmail.com" });
      add("Max Moe Testing", { email: "max@gmail.com", domain: "gmail.com" });
      add("Ann Alpha Services", { email: "ann@yahoo.com", domain: "gmail.com" });
      add("jo@gmail.com", { email: "jo@gmail.com" });
      add("jo2@gmail.com", { email: "jo2@gmail.com" });
      expect(detectAllDuplicates(database.db)).toEqual({ matchingPairs: 0 });
    });

    test("a phone shared by many unrelated customers (a fulfilment partner's) pairs none of them, but supports other evidence", () => {
      const insert = database.sqlite.prepare("INSERT INTO accounts (name, phone, created_at, updated_at) VALUES (?, '800-555-0199', 0, 0)");
      const houses = ["Serenity", "Harmony", "Lighthouse", "Anchor", "Compass", "Horizon"].map((word) => Number(insert.run(`${word} Sober Living`).lastInsertRowid));
      const twin = Number(insert.run("Serenity Sober Livng").lastInsertRowid);
      detectAllDuplicates(database.db);
      expect(pairs().map(({ pair, reasons }) => ({ pair, reasons }))).toEqual([
        { pair: [houses[0]!, twin], reasons: ["Same phone (800) 555-0199 (shared by 7 accounts)", "Similar names (91%)"] },
      ]);
    });

    test(`a value shared by more than ${MAX_ACCOUNTS_PER_KEY} accounts pairs none of them through it; up to that, all are compared`, () => {
      // Written straight to the table: through createAccount, each new account would be paired while the crowd was still small.
      const insert = database.sqlite.prepare("INSERT INTO accounts (name, email, domain, created_at, updated_at) VALUES (?, ?, 'bighospital.org', 0, 0)");
      const crowd = Array.from({ length: MAX_ACCOUNTS_PER_KEY - 1 }, (_, i) => Number(insert.run(inventedName(i), `site${i}@bighospital.org`).lastInsertRowid));
      const twin = Number(insert.run(`${inventedName(0)}s`, "twin@bighospital.org").lastInsertRowid);
      const extra = Number(insert.run(inventedName(MAX_ACCOUNTS_PER_KEY), "extra@bighospital.org").lastInsertRowid);
      detectAllDuplicates(database.db);
      expect(pairs()).toEqual([]);
      detect(twin);
      expect(pairs()).toEqual([]);
      database.sqlite.run("DELETE FROM accounts WHERE id = ?", [extra]);
      detectAllDuplicates(database.db);
      expect(pairs().map(({ pair, reasons }) => ({ pair, reasons }))).toEqual([
        { pair: [crowd[0]!, twin], reasons: [`Same domain bighospital.org (shared by ${MAX_ACCOUNTS_PER_KEY} accounts)`, "Similar names (96%)"] },
      ]);
    });
  });

  describe("incremental detection", () => {
    test("a new account is paired with the accounts it matches", () => {
      const a = add("Riverside Clinic", { email: "front@riverside.org", phone: "404-555-0100" });
      detect(a);
      expect(pairs()).toEqual([]);
      const b = add("Riverside Clinc", { phone: "(404) 555-0100" });
      detect(b);
      expect(pairs()).toEqual([{ pair: [a, b], score: 79, reasons: ["Same phone (404) 555-0100", "Similar names (88%)"], state: "open" }]);
    });

    test("an edit updates the reasons, and removes the pair once nothing matches any more", () => {
      const a = add("Riverside Clinic", { email: "front@riverside.org", phone: "404-555-0100" });
      const b = add("Riverside Clinic", { email: "billing@riverside.org" });
      detect(a, b);
      expect(pairs()[0]!.reasons).toEqual(["Same domain riverside.org", "Same name"]);
      updateAccount(database.db, b, { phone: "(404) 555-0100" }, COMMAND_LINE);
      detect(b);
      expect(pairs()[0]!.reasons).toEqual(["Same domain riverside.org", "Same phone (404) 555-0100", "Same name"]);
      updateAccount(database.db, b, { name: "Billing Office", phone: "404-555-0199" }, COMMAND_LINE);
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
      const a = add("Riverside Clinic", { phone: "4045550100" });
      const b = add("Riverside Clinic LLC", { phone: "404-555-0100" });
      detect(b);
      database.sqlite.run("UPDATE duplicate_pairs SET detected_at = 1");
      updateAccount(database.db, a, { email: "front@riverside.org", domain: "riverside.org" }, COMMAND_LINE);
      updateAccount(database.db, b, { email: "billing@riverside.org", domain: "riverside.org" }, COMMAND_LINE);
      detect(a, b);
      detectAllDuplicates(database.db);
      expect(database.sqlite.query("SELECT detected_at AS at, reasons FROM duplicate_pairs").get()).toEqual({
        at: 1,
        reasons: '["Same domain riverside.org","Same phone (404) 555-0100","Same name"]',
      });
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
      const a = add("Riverside Clinic", { phone: "404-555-0100" });
      const b = add("Riverside Clinic", { phone: "404-555-0100" });
      detect(...Array.from({ length: FULL_RUN_ABOVE + 1 }, (_, i) => i + 1));
      expect(pairs().map((row) => row.pair)).toEqual([[a, b]]);
    });

    test("sees accounts another connection (a CLI import, a second server) added or changed", () => {
      const a = add("Riverside Clinic", { phone: "404-555-0100" });
      const b = add("Lakeview Lab", { phone: "404-555-0100" });
      detect(a, b);
      expect(pairs()).toEqual([]);
      const other = openCrmDatabase(database.dataDir);
      const c = createAccount(other.db, { name: "Riverside Clinic Inc", phone: "404-555-0100" }, COMMAND_LINE).id;
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
      const a = add("Riverside Clinic", { phone: "404-555-0100" });
      detect(a);
      inTransaction(
        database.sqlite,
        () => {
          detect(add("Riverside Clinic", { phone: "404-555-0100" }));
          expect(pairs().length).toBe(1);
        },
        { dryRun: true },
      );
      expect(pairs()).toEqual([]);
      const b = add("Riverside Clinic LLC", { phone: "404-555-0100" });
      detect(b);
      expect(pairs().map((row) => row.pair)).toEqual([[a, b]]);
    });

    test("ids of deleted or unknown accounts are fine", () => {
      const a = add("Riverside Clinic", { phone: "404-555-0100" });
      const b = add("Riverside Clinic", { phone: "404-555-0100" });
      detect(a, b);
      expect(pairs().length).toBe(1);
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
      expect(dismissed).toEqual([{ pair: [a, b], score: 81, reasons: ["Same domain riverside.org", "Same name"], state: "dismissed" }]);
      detectAllDuplicates(database.db);
      detect(a, b);
      updateAccount(database.db, b, { phone: "404-555-0100" }, COMMAND_LINE);
      updateAccount(database.db, a, { phone: "4045550100", name: "Riverside Clinic West" }, COMMAND_LINE);
      detect(a, b);
      detectAllDuplicates(database.db);
      expect(pairs()).toEqual(dismissed);
    });
  });

  /** A made-up name, different for every n below 60 by more than a typo, so that the names of a crowd do not look alike. */
  function inventedName(n: number): string {
    const starts = ["Bram", "Clov", "Drex", "Fenk", "Glor", "Hask", "Jurn", "Kelp", "Lomb", "Murd"];
    const ends = ["ton", "vale", "wick", "by", "ford", "ham"];
    return `${starts[n % 10]}${ends[Math.floor(n / 10)]} Clinic`;
  }

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
