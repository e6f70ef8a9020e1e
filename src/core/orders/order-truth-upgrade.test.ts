import { afterEach, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { DATABASE_FILE_NAME } from "../database/open.ts";
import { openCrmDatabase } from "../startup/open-crm-database.ts";

/** The migrations before order truth, applied as an older version did: the database it leaves is the one to upgrade. */
const MIGRATIONS = readMigrationFiles({ migrationsFolder: path.join(import.meta.dir, "../../../drizzle") });
const ORDER_TRUTH = MIGRATIONS.findIndex((migration) => migration.sql.some((statement) => statement.includes("order_truth_merges")));
const BEFORE_ORDER_TRUTH = MIGRATIONS.slice(0, ORDER_TRUTH);

describe("the upgrade to order truth (migration 0017 and the first start after it)", () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  test("merges each order stored from both an export and the API, reads statuses and stores, and recounts what no longer counts", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "crm-order-truth-upgrade-"));
    dirs.push(dir);
    const old = new Database(path.join(dir, DATABASE_FILE_NAME), { create: true, strict: true });
    old.run("CREATE TABLE __drizzle_migrations (id INTEGER PRIMARY KEY, hash TEXT NOT NULL, created_at NUMERIC)");
    for (const migration of BEFORE_ORDER_TRUTH) {
      for (const statement of migration.sql) if (statement.trim()) old.run(statement);
      old.run("INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)", [migration.hash, migration.folderMillis]);
    }
    expect(BEFORE_ORDER_TRUTH.length).toBe(17);

    // Two customers as an older version stored them: figures counted every order, the same order twice.
    const day = (n: number) => Date.UTC(2026, 5, n, 16);
    const account = old.prepare(
      "INSERT INTO accounts (name, email, domain, created_at, updated_at, order_count, total_order_cents, first_order_at, last_order_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
    );
    const ann = (account.get("Riverside Clinic", "ann@riverside.com", "riverside.com", day(1), day(1), 4, 40_000, day(1), day(4)) as { id: number }).id;
    const bob = (account.get("Bob Home", "bob@home.com", null, day(2), day(2), 1, 5_000, day(2), day(2)) as { id: number }).id;
    const order = old.prepare(
      `INSERT INTO orders (account_id, source, external_id, order_number, placed_at, total_cents, raw, content_hash, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'hash', ?, ?)`,
    );
    const raw = (details: Record<string, string>) => JSON.stringify({ shipTo: {}, items: [], orderTotalCents: 10_000, details });
    order.run(ann, "csv", "SO-1", "SO-1", day(1), 10_000, raw({ "Order - Status": "Shipped", "Market - Store Name": "Supply Direct Store" }), day(1), day(1));
    order.run(ann, "csv", "SO-2", "SO-2", day(3), 10_000, raw({ "Order - Status": "Shipped", "Market - Store Name": "Supply Direct Store" }), day(3), day(3));
    order.run(ann, "shipstation", "777", "SO-2", day(3), 10_000, raw({ orderStatus: "cancelled" }), day(5), day(5));
    order.run(ann, "csv", "SO-3", "SO-3", day(4), 10_000, raw({ "Order - Status": "Awaiting Shipment" }), day(4), day(4));
    order.run(bob, "csv", "SO-9", "SO-9", day(2), 5_000, raw({ "Order - Status": "Canceled" }), day(2), day(2));
    old.close();

    const upgraded = openCrmDatabase(dir);
    try {
      expect(upgraded.upgrades).toEqual([
        "upgrade: merged 1 orders stored twice (from a CSV export and from the ShipStation API) and recounted 2 accounts, which cancelled and rejected orders no longer count for",
      ]);
      const orders = upgraded.sqlite
        .query("SELECT order_number AS number, source, store, status, counts, shipstation_order_id AS apiId, customer_email AS email FROM orders ORDER BY order_number")
        .all();
      expect(orders).toEqual([
        { number: "SO-1", source: "csv", store: "Supply Direct Store", status: "shipped", counts: 1, apiId: null, email: "ann@riverside.com" },
        { number: "SO-2", source: "shipstation", store: "Supply Direct Store", status: "cancelled", counts: 0, apiId: 777, email: "ann@riverside.com" },
        { number: "SO-3", source: "csv", store: null, status: "awaiting_shipment", counts: 1, apiId: null, email: "ann@riverside.com" },
        { number: "SO-9", source: "csv", store: null, status: "cancelled", counts: 0, apiId: null, email: "bob@home.com" },
      ]);
      const deliveries = upgraded.sqlite.query("SELECT route FROM order_deliveries WHERE order_id = (SELECT id FROM orders WHERE order_number = 'SO-2') ORDER BY route").all();
      expect(deliveries).toEqual([{ route: "backfill" }, { route: "csv" }]);
      const figures = upgraded.sqlite
        .query("SELECT email, order_count AS orders, total_order_cents AS cents, first_order_at AS first, last_order_at AS last FROM accounts ORDER BY id")
        .all();
      expect(figures).toEqual([
        { email: "ann@riverside.com", orders: 2, cents: 20_000, first: day(1), last: day(4) },
        { email: "bob@home.com", orders: 0, cents: 0, first: null, last: null },
      ]);
      expect(upgraded.sqlite.query("SELECT name FROM sqlite_master WHERE name = 'order_truth_merges'").get()).toBeNull();
    } finally {
      upgraded.close();
    }
    // Nothing left to do at the next start.
    const again = openCrmDatabase(dir);
    expect(again.upgrades).toEqual([]);
    again.close();
  });
});
