/**
 * The benchmark database: 100,000 accounts, 200,000 contacts and 1,000,000 orders, written straight into
 * a fresh crm.db (not through an import, which bench:import measures) and kept in the system's temp
 * folder between runs. One account has exactly 1,000 orders, for the account-detail figures. Duplicates
 * of every kind the duplicate detection knows are planted among the accounts (see PLANTED_DUPLICATES).
 */
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Database } from "bun:sqlite";
import { openDatabase } from "../../src/core/database/open.ts";
import { ActivityPass } from "../../src/core/lifecycle/activity-pass.ts";

export const BENCH_ACCOUNTS = 100_000;
export const BENCH_CONTACTS_PER_ACCOUNT = 2;
export const BENCH_ORDERS = 1_000_000;
export const HEAVY_ACCOUNT_ORDERS = 1_000;

const VERSION = 3;
const DATA_DIR = path.join(tmpdir(), `crm-bench-data-v${VERSION}`);

export interface BenchmarkDatabase {
  dataDir: string;
  heavyAccountId: number;
}

export function benchmarkDatabase(): BenchmarkDatabase {
  if (!existsSync(path.join(DATA_DIR, "ready"))) build();
  return { dataDir: DATA_DIR, heavyAccountId: 1 };
}

const FIRST = ["Riverside", "Summit", "Lakeview", "Granite", "Harbor", "Pine", "Cedar", "Maple", "Oak", "Valley", "Sunrise", "Northside", "Bayview", "Clearwater", "Evergreen", "Frontier", "Heritage", "Liberty", "Meridian", "Pioneer"];
const MIDDLE = ["Recovery", "Occupational", "Toxicology", "Family", "Community", "Behavioral", "Wellness", "Medical", "Diagnostic", "Sober", "Health", "Treatment", "Staffing", "Logistics", "Transport"];
const LAST = ["Center", "Clinic", "Lab", "Partners", "Group", "Services", "Associates", "Institute", "Solutions", "Network"];
const PEOPLE = ["James", "Mary", "Robert", "Patricia", "John", "Jennifer", "Michael", "Linda", "David", "Elizabeth", "Maria", "Carlos", "Aisha", "Wei", "Priya", "Omar"];
const SURNAMES = ["Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez", "Nguyen", "Patel", "Kim", "Chen", "Okafor", "Lopez"];

function build(): void {
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  console.log(`Building the benchmark database in ${DATA_DIR} (once)...`);
  const started = performance.now();
  const { db, sqlite, close } = openDatabase(DATA_DIR);
  let seed = 42;
  const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const now = Date.now();
  const day = 86_400_000;

  sqlite.transaction(() => {
    const insertAccount = sqlite.prepare("INSERT INTO accounts (id, name, email, domain, phone, list_type, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    const insertContact = sqlite.prepare("INSERT INTO contacts (account_id, first_name, last_name, email, phone, is_primary, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    for (let id = 1; id <= BENCH_ACCOUNTS; id++) {
      const name = `${pick(FIRST)} ${pick(MIDDLE)} ${pick(LAST)} ${id}`;
      const domain = `${name.toLowerCase().replace(/[^a-z0-9]+/g, "")}.com`;
      const createdAt = now - Math.floor(random() * 730) * day;
      insertAccount.run(id, name, `orders@${domain}`, domain, formatPhone(2_000_000_000 + id * 97), pick(["new", "active", "legacy"]), createdAt, createdAt);
      for (let c = 0; c < BENCH_CONTACTS_PER_ACCOUNT; c++) {
        const first = pick(PEOPLE);
        const last = pick(SURNAMES);
        insertContact.run(id, first, last, `${first}.${last}${c}@${domain}`.toLowerCase(), null, c === 0 ? 1 : 0, createdAt, createdAt);
      }
    }
    const insertOrder = sqlite.prepare(
      "INSERT INTO orders (source, external_id, account_id, order_number, placed_at, total_cents, raw, content_hash, created_at, updated_at) VALUES ('csv', ?1, ?2, ?1, ?3, ?4, ?5, ?6, ?7, ?7)",
    );
    for (let n = 0; n < BENCH_ORDERS; n++) {
      // The heavy account takes the first thousand orders; the rest spread with a skew towards low ids.
      const accountId = n < HEAVY_ACCOUNT_ORDERS ? 1 : 2 + Math.floor(random() ** 1.5 * (BENCH_ACCOUNTS - 1));
      const totalCents = 1000 + Math.floor(random() * 90000);
      const raw = JSON.stringify({
        shipTo: { name: `${pick(PEOPLE)} ${pick(SURNAMES)}`, company: "Benchmark Co", street1: `${n % 9999} Main St`, city: "Atlanta", state: "GA", postalCode: "30303", country: "US" },
        items: [{ sku: "CUP-12", name: "12-Panel Drug Test Cup, 25/box", quantity: 1 + (n % 4), unitPriceCents: totalCents }],
        orderTotalCents: totalCents,
        details: { "Order - Status": "Shipped", Source: "shopify" },
      });
      insertOrder.run(`SO-${1_000_000 + n}`, accountId, now - Math.floor(random() * 730 * day), totalCents, raw, String(n), now);
    }
    plantDuplicates(sqlite, random);
    sqlite.run(
      `UPDATE accounts SET (order_count, total_order_cents, first_order_at, last_order_at) =
         (SELECT count(*), coalesce(sum(total_cents), 0), min(placed_at), max(placed_at) FROM orders WHERE orders.account_id = accounts.id)`,
    );
    // As the import leaves them: customers since their first order; lists chosen by staff pinned (all but New).
    sqlite.run("UPDATE accounts SET created_at = first_order_at WHERE first_order_at IS NOT NULL");
    sqlite.run("UPDATE accounts SET list_pinned = 1 WHERE list_type <> 'new'");
  })();
  // The rest placed by the activity rules, as every server start and midnight keeps them.
  new ActivityPass(db).runToEnd();
  sqlite.run("PRAGMA wal_checkpoint(TRUNCATE)");
  sqlite.run("ANALYZE");
  close();
  Bun.write(path.join(DATA_DIR, "ready"), new Date().toISOString());
  console.log(`  built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** The kinds of duplicate planted, each as 5% of the accounts copying another account. */
export const DUPLICATE_KINDS = ["same domain", "same name", "same phone", "shared contact e-mail", "similar name"] as const;
export type DuplicateKind = (typeof DUPLICATE_KINDS)[number];
const PAIRS_PER_KIND = 5_000;

/**
 * Where the duplicates are: for each kind, pairs of (original, copy) ids, the copy changed to match the
 * original by that kind alone. Also: accounts whose only common ground is a free-mail domain (none of
 * them may be paired), and accounts renamed without a number, like most real businesses, so that the
 * similar-name kind is found among names that do not carry a unique number.
 */
export const PLANTED_DUPLICATES = {
  pairs: Object.fromEntries(
    DUPLICATE_KINDS.map((kind, k) => [kind, Array.from({ length: PAIRS_PER_KIND }, (_, i) => [2 + k * 10_000 + 2 * i, 3 + k * 10_000 + 2 * i] as const)]),
  ) as Record<DuplicateKind, (readonly [number, number])[]>,
  freeMailAccountIds: range(50_002, 5_000),
  numberlessNameAccountIds: range(55_002, 30_000),
};

const FREE_MAIL = ["gmail.com", "yahoo.com", "hotmail.com", "outlook.com", "aol.com", "icloud.com", "comcast.net", "att.net"];
const CONSONANTS = "bdfgklmnprstvz";
const VOWELS = "aeiou";

function plantDuplicates(sqlite: Database, random: () => number): void {
  const nameOf = sqlite.prepare<{ name: string }, [number]>("SELECT name FROM accounts WHERE id = ?");
  const setName = sqlite.prepare<unknown, [string, number]>("UPDATE accounts SET name = ? WHERE id = ?");
  const { pairs } = PLANTED_DUPLICATES;

  for (const [original, copy] of pairs["same domain"]) {
    sqlite.run("UPDATE accounts SET (domain, email) = (SELECT domain, 'purchasing@' || domain FROM accounts WHERE id = ?1) WHERE id = ?2", [original, copy]);
  }
  const nameVariants = [
    (name: string) => `The ${name}, LLC`,
    (name: string) => `${name.toUpperCase()} INC.`,
    (name: string) => `${name.toLowerCase()} corp`,
    (name: string) => `${name.replaceAll(" ", "-")} Co.`,
    (name: string) => `  ${name.replace(" ", "   ")}, Ltd.`,
    (name: string) => `the ${name} P.L.L.C.`,
  ];
  pairs["same name"].forEach(([original, copy], i) => setName.run(nameVariants[i % nameVariants.length]!(nameOf.get(original)!.name), copy));
  const phoneVariants = [
    (digits: string) => `+1 ${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`,
    (digits: string) => `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`,
    (digits: string) => `1${digits}`,
    (digits: string) => `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)} ext. 12`,
  ];
  pairs["same phone"].forEach(([original, copy], i) => {
    const digits = String(3_000_000_000 + i * 1009);
    sqlite.run("UPDATE accounts SET phone = ? WHERE id = ?", [formatPhone(Number(digits)), original]);
    sqlite.run("UPDATE accounts SET phone = ? WHERE id = ?", [phoneVariants[i % phoneVariants.length]!(digits), copy]);
  });
  for (const [original, copy] of pairs["shared contact e-mail"]) {
    sqlite.run(
      "UPDATE contacts SET email = (SELECT email FROM contacts WHERE account_id = ?1 AND is_primary = 1) WHERE account_id = ?2 AND is_primary = 0",
      [original, copy],
    );
  }
  // Names without a number: an invented distinctive word (unique per account) before the usual words.
  let invented = 0;
  const numberlessName = () => `${inventedWord(invented++)} ${pick(MIDDLE, random)} ${pick(LAST, random)}`;
  for (const [original, copy] of pairs["similar name"]) {
    const name = numberlessName();
    setName.run(name, original);
    setName.run(withTypo(name, random), copy);
  }
  for (const id of PLANTED_DUPLICATES.numberlessNameAccountIds) setName.run(numberlessName(), id);

  PLANTED_DUPLICATES.freeMailAccountIds.forEach((id, i) => {
    const provider = FREE_MAIL[i % FREE_MAIL.length]!;
    const email = `${pick(PEOPLE, random).toLowerCase()}.${pick(SURNAMES, random).toLowerCase()}.${id}@${provider}`;
    // Staff sometimes type the provider as the domain; it must still never pair accounts.
    sqlite.run("UPDATE accounts SET email = ?, domain = ? WHERE id = ?", [email, i % 2 === 0 ? provider : null, id]);
    sqlite.run("UPDATE contacts SET email = ? WHERE account_id = ? AND is_primary = 1", [email, id]);
    sqlite.run("UPDATE contacts SET email = ? WHERE account_id = ? AND is_primary = 0", [`buyer${id}@${provider}`, id]);
  });
}

/** One typing mistake in a letter of the name: a wrong, missing, doubled or swapped letter. */
function withTypo(name: string, random: () => number): string {
  const letters = [...name.matchAll(/[a-z]/gi)].map((match) => match.index);
  const at = letters[Math.floor(random() * letters.length)]!;
  const wrong = String.fromCharCode(97 + ((name.toLowerCase().charCodeAt(at) - 97 + 1 + Math.floor(random() * 25)) % 26));
  switch (Math.floor(random() * 4)) {
    case 0:
      return name.slice(0, at) + wrong + name.slice(at + 1);
    case 1:
      return name.slice(0, at) + name.slice(at + 1);
    case 2:
      return name.slice(0, at) + name[at] + name.slice(at);
    default:
      return /[a-z]/i.test(name[at + 1] ?? "") ? name.slice(0, at) + name[at + 1] + name[at] + name.slice(at + 2) : name.slice(0, at) + wrong + name.slice(at + 1);
  }
}

/** Three syllables, a different word for every n below 343,000; consecutive n give unrelated words. */
function inventedWord(n: number): string {
  const syllables = CONSONANTS.length * VOWELS.length;
  let code = (n * 7919 + 12345) % syllables ** 3;
  let word = "";
  for (let i = 0; i < 3; i++, code = Math.floor(code / syllables)) {
    const syllable = code % syllables;
    word += CONSONANTS[Math.floor(syllable / VOWELS.length)]! + VOWELS[syllable % VOWELS.length]!;
  }
  return word[0]!.toUpperCase() + word.slice(1);
}

function formatPhone(number: number): string {
  const digits = String(number);
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

function pick<T>(list: readonly T[], random: () => number): T {
  return list[Math.floor(random() * list.length)]!;
}

function range(first: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => first + i);
}
