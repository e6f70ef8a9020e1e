import { afterEach, beforeEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { neverWaitOnEventLoop } from "../../core/database/open.ts";
import { discardAbandonedUploads, issueUploadTicket } from "../../core/import/uploads.ts";
import { createUser } from "../../core/users/users.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import type { PeriodicPass } from "./periodic-pass.ts";
import { startUploadSweeper } from "./upload-sweeper.ts";

let database: ReturnType<typeof temporaryDatabase>;
let sweeper: PeriodicPass | undefined;
let userId: number;
beforeEach(async () => {
  database = temporaryDatabase();
  // As the server's connection: a write that finds another process's lock is refused at once, not waited for.
  neverWaitOnEventLoop(database.sqlite);
  userId = (await createUser(database.db, { email: "buyer@clinic.com", name: "Pat Buyer", role: "sales" })).user.id;
});
afterEach(() => {
  sweeper?.stop();
  sweeper = undefined;
  database.dispose();
});

/** A ticket that expired unused a second ago: nobody can upload to it any more. */
const expiredTicket = () => {
  const { id } = issueUploadTicket(database.db, userId);
  database.sqlite.run("UPDATE uploads SET expires_at = ? WHERE id = ?", [Date.now() - 1000, id]);
  return id;
};
const isStored = (id: string) => database.sqlite.query("SELECT 1 FROM uploads WHERE id = ?").get(id) !== null;
const eventually = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await Bun.sleep(10);
  expect(check()).toBe(true);
};

test("the sweeper removes what expired before the server started, and then what expires while it runs", async () => {
  const leftByLastRun = expiredTicket();
  sweeper = startUploadSweeper(database.db, database.dataDir, { everyMs: 20 });
  await eventually(() => !isStored(leftByLastRun));
  const expiredMeanwhile = expiredTicket();
  await eventually(() => !isStored(expiredMeanwhile));
});

test("a stopped sweeper removes nothing", async () => {
  const expired = expiredTicket();
  startUploadSweeper(database.db, database.dataDir, { everyMs: 5 }).stop();
  await Bun.sleep(50);
  expect(isStored(expired)).toBe(true);
});

test("while another process holds the write lock a pass waits without holding the event loop, and removes once it is free", async () => {
  const expired = expiredTicket();
  const otherProcess = new Database(database.file);
  otherProcess.run("BEGIN IMMEDIATE");
  const pass = discardAbandonedUploads(database.db, database.dataDir);
  await Bun.sleep(30);
  expect(isStored(expired)).toBe(true);
  otherProcess.run("COMMIT");
  otherProcess.close();
  await pass;
  expect(isStored(expired)).toBe(false);
});

test("a pass stopped while it waits for the lock removes nothing once the lock is free", async () => {
  const expired = expiredTicket();
  const otherProcess = new Database(database.file);
  otherProcess.run("BEGIN IMMEDIATE");
  const stopping = new AbortController();
  const pass = discardAbandonedUploads(database.db, database.dataDir, { signal: stopping.signal });
  await Bun.sleep(30);
  stopping.abort();
  otherProcess.run("COMMIT");
  otherProcess.close();
  await pass;
  expect(isStored(expired)).toBe(true);
});
