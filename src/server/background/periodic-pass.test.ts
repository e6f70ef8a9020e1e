import { afterEach, beforeEach, expect, spyOn, test } from "bun:test";
import { Database } from "bun:sqlite";
import { whenDatabaseFree } from "../../core/database/busy.ts";
import { neverWaitOnEventLoop } from "../../core/database/open.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { startPeriodicPass, type PeriodicPass } from "./periodic-pass.ts";

let database: ReturnType<typeof temporaryDatabase>;
let pass: PeriodicPass | undefined;
let logged: string[];
beforeEach(() => {
  database = temporaryDatabase();
  // As the server's connection: a write that finds another process's lock is refused at once, not waited for.
  neverWaitOnEventLoop(database.sqlite);
  logged = [];
  spyOn(console, "error").mockImplementation((line: string) => void logged.push(line));
});
afterEach(() => {
  pass?.stop();
  pass = undefined;
  (console.error as unknown as { mockRestore(): void }).mockRestore();
  database.dispose();
});

const eventually = async (check: () => boolean) => {
  for (let i = 0; i < 300 && !check(); i++) await Bun.sleep(10);
  expect(check()).toBe(true);
};
/** A write of the pass: one row in the settings table. */
const passes = () => (database.sqlite.query("SELECT count(*) AS n FROM settings WHERE key LIKE 'pass-%'").get() as { n: number }).n;
const writeOnce = () => database.sqlite.run("INSERT INTO settings (key, value) VALUES (?, '1')", [`pass-${passes() + 1}`]);

test("a pass runs when started and again a period after it ended, until stopped", async () => {
  pass = startPeriodicPass("test pass", async () => writeOnce(), { everyMs: 20 });
  await eventually(() => passes() >= 3);
  pass.stop();
  const done = passes();
  await Bun.sleep(60);
  expect(passes()).toBe(done);
  expect(logged).toEqual([]);
});

test("a pass put off by another process's lock held past its patience logs nothing and is tried again soon, not a period later", async () => {
  const otherProcess = new Database(database.file);
  otherProcess.run("BEGIN IMMEDIATE");
  pass = startPeriodicPass("test pass", () => whenDatabaseFree(writeOnce, { giveUpAfterMs: 20 }), { everyMs: 60 * 60_000, busyRetryMs: 30 });
  await Bun.sleep(100);
  expect(passes()).toBe(0);
  otherProcess.run("COMMIT");
  otherProcess.close();
  await eventually(() => passes() === 1);
  expect(logged).toEqual([]);
});

test("a pass that fails otherwise is logged with what it was, and done again at its next time", async () => {
  let tries = 0;
  pass = startPeriodicPass(
    "test pass",
    async () => {
      if (++tries === 1) throw new Error("the disk is full");
      writeOnce();
    },
    { everyMs: 20 },
  );
  await eventually(() => passes() >= 1);
  expect(logged).toEqual([expect.stringMatching(/^\S+ test pass: Error: the disk is full\n/)]);
});
