import { afterEach, expect, test } from "bun:test";
import { statSync } from "node:fs";
import { neverWaitOnEventLoop } from "../../core/database/open.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { startWalCheckpointer, type WalCheckpointer } from "./wal-checkpointer.ts";

let database: ReturnType<typeof temporaryDatabase>;
let checkpointer: WalCheckpointer | undefined;
afterEach(async () => {
  await checkpointer?.stop();
  database.dispose();
});

test("what the server's connection commits reaches the database file by the checkpointer's thread, not by its commits", async () => {
  database = temporaryDatabase();
  neverWaitOnEventLoop(database.sqlite);
  const fileSize = () => statSync(database.sqlite.filename).size;
  database.sqlite.run("PRAGMA wal_checkpoint(TRUNCATE)");
  // Pages left free by the migrations (a dropped table) are filled before the file grows.
  const { freePages } = database.sqlite.query<{ freePages: number }, []>("SELECT freelist_count AS freePages FROM pragma_freelist_count").get()!;
  const before = fileSize();
  const eightMegabytes = "x".repeat(8 * 1024 * 1024);
  database.sqlite.run("INSERT INTO settings (key, value, updated_at) VALUES ('bulk', ?, 0)", [eightMegabytes]);
  // Past SQLite's 1,000-page threshold, and still only in the WAL.
  expect(fileSize()).toBe(before);

  checkpointer = startWalCheckpointer(database.sqlite.filename, 20);
  const grown = before + eightMegabytes.length - freePages * 8192;
  for (let i = 0; i < 200 && fileSize() < grown; i++) await Bun.sleep(20);
  expect(fileSize()).toBeGreaterThanOrEqual(grown);
});

test("a WAL left large by a long write is truncated once everything is copied, though nothing is written after it", async () => {
  database = temporaryDatabase();
  neverWaitOnEventLoop(database.sqlite);
  const walSize = () => statSync(`${database.sqlite.filename}-wal`).size;
  // Larger than the WAL is kept (journal_size_limit), as after a large import whose last batch is the last write.
  database.sqlite.run("INSERT INTO settings (key, value, updated_at) VALUES ('bulk', ?, 0)", ["x".repeat(40 * 1024 * 1024)]);
  expect(walSize()).toBeGreaterThan(40 * 1024 * 1024);

  checkpointer = startWalCheckpointer(database.sqlite.filename, 20);
  for (let i = 0; i < 200 && walSize() > 0; i++) await Bun.sleep(20);
  expect(walSize()).toBe(0);
  expect(database.sqlite.query("SELECT length(value) AS length FROM settings WHERE key = 'bulk'").get()).toEqual({ length: 40 * 1024 * 1024 });
});

test("a checkpoint asked for by a long writer of the server is done on the checkpointer's thread, and the answer comes when it is", async () => {
  database = temporaryDatabase();
  neverWaitOnEventLoop(database.sqlite);
  const walSize = () => statSync(`${database.sqlite.filename}-wal`).size;
  // Never on its own in this test: only when asked.
  checkpointer = startWalCheckpointer(database.sqlite.filename, 60_000);
  database.sqlite.run("INSERT INTO settings (key, value, updated_at) VALUES ('bulk', ?, 0)", ["x".repeat(1024 * 1024)]);
  expect(walSize()).toBeGreaterThan(1024 * 1024);
  await checkpointer.checkpoint("TRUNCATE");
  expect(walSize()).toBe(0);
});
