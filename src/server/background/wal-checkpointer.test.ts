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
