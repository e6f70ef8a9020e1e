import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import path from "node:path";
import { DATABASE_FILE_NAME } from "../database/open.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { isDatabaseOpenElsewhere } from "./open-elsewhere.ts";

describe("isDatabaseOpenElsewhere", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  beforeEach(() => {
    database = temporaryDatabase();
  });
  afterEach(() => database.dispose());

  test("sees another connection once it has read, and no longer once it is closed, without waiting for it", () => {
    expect(isDatabaseOpenElsewhere(database.sqlite)).toBe(false);
    const other = new Database(path.join(database.dataDir, DATABASE_FILE_NAME));
    other.query("SELECT count(*) FROM accounts").get();
    const started = performance.now();
    expect(isDatabaseOpenElsewhere(database.sqlite)).toBe(true);
    expect(performance.now() - started).toBeLessThan(100);
    other.close();
    expect(isDatabaseOpenElsewhere(database.sqlite)).toBe(false);
  });

  test("leaves both connections as they were: the other reads and writes at once, and the busy timeout is kept", () => {
    const other = new Database(path.join(database.dataDir, DATABASE_FILE_NAME));
    other.run("PRAGMA busy_timeout = 0");
    expect(isDatabaseOpenElsewhere(database.sqlite)).toBe(false);
    other.run("INSERT INTO settings (key, value) VALUES ('productName', 'Probe')");
    expect(isDatabaseOpenElsewhere(database.sqlite)).toBe(true);
    other.run("UPDATE settings SET value = 'Probe 2' WHERE key = 'productName'");
    expect(database.sqlite.query("SELECT value FROM settings WHERE key = 'productName'").get()).toEqual({ value: "Probe 2" });
    expect(database.sqlite.query("PRAGMA busy_timeout").get()).toEqual({ timeout: 5000 });
    expect(database.sqlite.query("PRAGMA locking_mode").get()).toEqual({ locking_mode: "normal" });
    other.close();
  });
});
