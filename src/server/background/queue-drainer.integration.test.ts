import { afterEach, beforeEach, expect, test } from "bun:test";
import { hostname } from "node:os";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { seedCustomer } from "../../testing/seed.ts";
import { SEARCH_INDEX_BATCH } from "../../core/accounts/search-index.ts";
import { startDuplicateDetector, startSearchIndexer, type QueueDrainer } from "./queue-drainer.ts";

let database: ReturnType<typeof temporaryDatabase>;
let drainer: QueueDrainer | undefined;
beforeEach(() => {
  database = temporaryDatabase();
});
afterEach(() => {
  drainer?.stop();
  database.dispose();
});

const addAccount = (n: number) =>
  database.sqlite.run("INSERT INTO accounts (name, email, created_at, updated_at) VALUES (?, ?, 0, 0)", [`Riverside Lab ${n}`, `buyer${n}@riverside${n}.org`]);
const count = (sql: string) => (database.sqlite.query(sql).get() as { n: number }).n;
const queuedForSearch = () => count("SELECT count(*) AS n FROM search_queue");
const indexed = () => count("SELECT count(*) AS n FROM account_search");
const eventually = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await Bun.sleep(20);
  expect(check()).toBe(true);
};

test("the search indexer waits while the queue grows (a bulk write is under way), then indexes everything queued", async () => {
  for (let n = 1; n <= 3; n++) addAccount(n);
  drainer = startSearchIndexer(database.db, { pollMs: 400 });
  await Bun.sleep(150);
  expect([queuedForSearch(), indexed()]).toEqual([3, 0]);
  addAccount(4);
  await Bun.sleep(450);
  expect([queuedForSearch(), indexed()]).toEqual([4, 0]);
  await eventually(() => queuedForSearch() === 0);
  expect(indexed()).toBe(4);
});

test("while an import is running the search indexer waits, however still the queue stands, and indexes once it has ended", async () => {
  for (let n = 1; n <= 3; n++) addAccount(n);
  // The history tells a running import by its process being alive: one stands in for it.
  const importProcess = Bun.spawn(["sleep", "60"]);
  const now = Date.now();
  database.sqlite.run("INSERT INTO import_runs (files, state, host, pid, started_at, heartbeat_at) VALUES ('[]', 'running', ?, ?, ?, ?)", [hostname(), importProcess.pid, now, now]);
  drainer = startSearchIndexer(database.db, { pollMs: 100 });
  await Bun.sleep(450);
  expect([queuedForSearch(), indexed()]).toEqual([3, 0]);
  importProcess.kill();
  await importProcess.exited;
  await eventually(() => queuedForSearch() === 0);
  expect(indexed()).toBe(3);
});

test("a queue larger than a batch is drained batch after batch without waiting for the next poll", async () => {
  const accounts = 2 * SEARCH_INDEX_BATCH + 250;
  database.sqlite.transaction(() => {
    for (let n = 1; n <= accounts; n++) addAccount(n);
  })();
  drainer = startSearchIndexer(database.db, { pollMs: 500 });
  for (let i = 0; i < 100 && indexed() === 0; i++) await Bun.sleep(10);
  // Three batches: waiting a poll between them would take another second.
  await Bun.sleep(250);
  expect([queuedForSearch(), indexed()]).toEqual([0, accounts]);
});

test("accounts created by orders are queued, and the duplicate detector pairs them in the background", async () => {
  const order = (number: string) => ({ number, placedAt: "2026-11-01T12:00:00Z", total: 25 });
  seedCustomer(database.db, { email: "lab@riverside.org", company: "Riverside Lab", orders: [order("R-1")] });
  seedCustomer(database.db, { email: "billing@riverside.org", company: "Riverside Laboratory", orders: [order("R-2")] });
  seedCustomer(database.db, { email: "ops@harbor.com", company: "Harbor Staffing", orders: [order("H-1")] });
  expect(count("SELECT count(*) AS n FROM duplicate_queue")).toBe(3);
  expect(count("SELECT count(*) AS n FROM duplicate_pairs")).toBe(0);

  drainer = startDuplicateDetector(database.db, { pollMs: 50 });
  await eventually(() => count("SELECT count(*) AS n FROM duplicate_queue") === 0);
  const pairs = database.sqlite.query("SELECT a.email AS one, b.email AS other FROM duplicate_pairs p JOIN accounts a ON a.id = p.account_id JOIN accounts b ON b.id = p.other_account_id").all();
  expect(pairs).toEqual([{ one: "lab@riverside.org", other: "billing@riverside.org" }]);
});
