import { afterEach, beforeEach, expect, test } from "bun:test";
import { statSync } from "node:fs";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { tellWritersWaiting, writerWaitingSince } from "./waiting-writers.ts";

let database: ReturnType<typeof temporaryDatabase>;
beforeEach(() => {
  database = temporaryDatabase();
});
afterEach(() => database.dispose());

test("a writer told waiting is seen by a batch begun before, not by one begun after; the file is its owner's alone", async () => {
  const before = Date.now();
  expect(writerWaitingSince(database.sqlite, before)).toBe(false);
  await Bun.sleep(2);
  tellWritersWaiting(database.sqlite);
  expect(writerWaitingSince(database.sqlite, before)).toBe(true);
  expect(statSync(`${database.sqlite.filename}-writers-waiting`).mode & 0o777).toBe(0o600);

  await Bun.sleep(10);
  const later = Date.now();
  expect(writerWaitingSince(database.sqlite, later)).toBe(false);
  tellWritersWaiting(database.sqlite);
  expect(writerWaitingSince(database.sqlite, later)).toBe(true);
});
