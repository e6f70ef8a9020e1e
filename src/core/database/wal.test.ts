import { afterEach, beforeEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { checkpointOn, WalKeeper } from "./wal.ts";

const MB = 1024 * 1024;
/** Limits of a few megabytes: the rule is the same as at the real ones, and the test writes little. */
const LIMITS = { checkpointBytes: 1 * MB, limitBytes: 4 * MB };
/** About half a megabyte per transaction, as a long writer's batch writes a few megabytes. */
const TRANSACTION_BYTES = MB / 2;

let database: ReturnType<typeof temporaryDatabase>;
let keeper: WalKeeper;
let reader: Database;
beforeEach(() => {
  database = temporaryDatabase();
  // As a batched import runs (csv-import-run.ts): SQLite's own copying at commits is off.
  database.sqlite.run("PRAGMA wal_autocheckpoint = 0");
  keeper = new WalKeeper(database.sqlite.filename, checkpointOn(database.sqlite), LIMITS);
  reader = new Database(database.sqlite.filename);
  written = 0;
});
afterEach(() => {
  reader.close();
  database.dispose();
});

let written: number;
/** One transaction of a long writer: a settings row of TRANSACTION_BYTES, then committed. */
function writeTransaction(): void {
  database.sqlite.run("INSERT INTO settings (key, value, updated_at) VALUES (?, ?, 0)", [`bulk-${written++}`, "x".repeat(TRANSACTION_BYTES)]);
}

test("a long writer that keeps the WAL starts it over again and again: it stays near the checkpoint size", async () => {
  let largest = 0;
  for (let i = 0; i < 40; i++) {
    await keeper.beforeTransaction();
    writeTransaction();
    largest = Math.max(largest, keeper.walBytes());
  }
  // 20 MB written in all.
  expect(largest).toBeLessThan(LIMITS.checkpointBytes + 2 * TRANSACTION_BYTES + 64 * 1024);
});

test("beside a command, whose commits copy what the WAL holds, a long writer keeps it to about one transaction", async () => {
  let largest = 0;
  for (let i = 0; i < 20; i++) {
    await keeper.beforeTransaction({ always: true });
    writeTransaction();
    // What another process's commit would have to copy now.
    const { log, checkpointed } = database.sqlite.query<{ log: number; checkpointed: number }, []>("PRAGMA wal_checkpoint(NOOP)").get() ?? { log: 0, checkpointed: 0 };
    largest = Math.max(largest, log - checkpointed);
  }
  expect(largest * 8192).toBeLessThan(2 * TRANSACTION_BYTES);
});

test("while a reader holds the WAL it cannot start over: the writer waits at the limit, and goes on once the reader ends", async () => {
  // A read transaction left open: it reads the database as it was, so the WAL must keep every frame after that.
  reader.run("BEGIN");
  reader.query("SELECT count(*) FROM settings").get();
  let waits = 0;
  let largest = 0;
  const writer = (async () => {
    for (let i = 0; i < 40; i++) {
      await keeper.beforeTransaction({ onWaiting: () => waits++ });
      writeTransaction();
      largest = Math.max(largest, keeper.walBytes());
    }
  })();
  for (let i = 0; i < 500 && waits === 0; i++) await Bun.sleep(10);
  expect(waits).toBeGreaterThan(0);
  const writtenWhileHeld = written;
  await Bun.sleep(100);
  // Still waiting: nothing more written, and the WAL at its limit plus at most one transaction.
  expect(written).toBe(writtenWhileHeld);
  expect(largest).toBeLessThan(LIMITS.limitBytes + TRANSACTION_BYTES + 64 * 1024);

  reader.run("COMMIT");
  await writer;
  expect(written).toBe(40);
  expect(largest).toBeLessThan(LIMITS.limitBytes + TRANSACTION_BYTES + 64 * 1024);
});

test("a WAL another process has started over is judged by what it holds, not by its file: a reader that never ends (Litestream) holds no writer", async () => {
  // Filled to the limit while a reader held it, then started over by another connection (as Litestream
  // checkpoints), which does not cut the file back; then read again without end, as Litestream reads.
  reader.run("BEGIN");
  reader.query("SELECT count(*) FROM settings").get();
  while (keeper.walBytes() < LIMITS.limitBytes) writeTransaction();
  reader.run("COMMIT");
  reader.query("PRAGMA wal_checkpoint(RESTART)").get();
  writeTransaction();
  reader.run("BEGIN");
  reader.query("SELECT count(*) FROM settings").get();
  const fileBefore = keeper.walBytes();

  let waits = 0;
  for (let i = 0; i < 4; i++) {
    await keeper.beforeTransaction({ onWaiting: () => waits++ });
    writeTransaction();
  }
  expect(waits).toBe(0);
  // Written from the start of the file again, which has not grown.
  expect(keeper.walBytes()).toBe(fileBefore);
  reader.run("COMMIT");
});
