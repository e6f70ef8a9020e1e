/**
 * The benchmark database: 100,000 accounts, 200,000 contacts and 1,000,000 orders, written straight into
 * a fresh crm.db (not through an import, which bench:import measures) and kept in the system's temp
 * folder between runs. One account has exactly 1,000 orders, for the account-detail figures.
 */
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../../src/core/database/open.ts";

export const BENCH_ACCOUNTS = 100_000;
export const BENCH_CONTACTS_PER_ACCOUNT = 2;
export const BENCH_ORDERS = 1_000_000;
export const HEAVY_ACCOUNT_ORDERS = 1_000;

const VERSION = 1;
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
  const { sqlite, close } = openDatabase(DATA_DIR);
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
      insertAccount.run(id, name, `orders@${domain}`, domain, `555-${String(id % 10000).padStart(4, "0")}`, pick(["new", "active", "legacy"]), createdAt, createdAt);
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
    sqlite.run(
      `UPDATE accounts SET (order_count, total_order_cents, first_order_at, last_order_at) =
         (SELECT count(*), coalesce(sum(total_cents), 0), min(placed_at), max(placed_at) FROM orders WHERE orders.account_id = accounts.id)`,
    );
  })();
  sqlite.run("PRAGMA wal_checkpoint(TRUNCATE)");
  sqlite.run("ANALYZE");
  close();
  Bun.write(path.join(DATA_DIR, "ready"), new Date().toISOString());
  console.log(`  built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
