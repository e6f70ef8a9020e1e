import { afterEach, beforeEach, expect, test } from "bun:test";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { startSearchIndexer } from "./search-indexer.ts";

let database: ReturnType<typeof temporaryDatabase>;
let indexer: ReturnType<typeof startSearchIndexer> | undefined;
beforeEach(() => {
  database = temporaryDatabase();
});
afterEach(() => {
  indexer?.stop();
  database.dispose();
});

const addAccount = (n: number) =>
  database.sqlite.run("INSERT INTO accounts (name, email, created_at, updated_at) VALUES (?, ?, 0, 0)", [`Riverside Lab ${n}`, `buyer${n}@riverside${n}.org`]);
const queued = () => (database.sqlite.query("SELECT count(*) AS n FROM search_queue").get() as { n: number }).n;
const indexed = () => (database.sqlite.query("SELECT count(*) AS n FROM account_search").get() as { n: number }).n;

test("the indexer waits while the queue grows (a bulk write is under way), then indexes everything queued", async () => {
  for (let n = 1; n <= 3; n++) addAccount(n);
  indexer = startSearchIndexer(database.sqlite, { pollMs: 400 });
  await Bun.sleep(150);
  expect([queued(), indexed()]).toEqual([3, 0]);
  addAccount(4);
  await Bun.sleep(450);
  expect([queued(), indexed()]).toEqual([4, 0]);
  for (let i = 0; i < 100 && queued() > 0; i++) await Bun.sleep(20);
  expect([queued(), indexed()]).toEqual([0, 4]);
});

test("a queue larger than a batch is drained batch after batch without waiting for the next poll", async () => {
  database.sqlite.transaction(() => {
    for (let n = 1; n <= 4500; n++) addAccount(n);
  })();
  indexer = startSearchIndexer(database.sqlite, { pollMs: 500 });
  for (let i = 0; i < 100 && indexed() === 0; i++) await Bun.sleep(10);
  // Three batches of at most 2,000: waiting a poll between them would take another second.
  await Bun.sleep(250);
  expect([queued(), indexed()]).toEqual([0, 4500]);
});
