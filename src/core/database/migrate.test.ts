import { afterEach, describe, expect, test } from "bun:test";
import { openDatabase } from "./open.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { temporaryDirectory } from "../../testing/temporary-directory.ts";

describe("openDatabase", () => {
  const opened: { dispose(): void }[] = [];
  afterEach(() => opened.splice(0).forEach((database) => database.dispose()));

  test("creates the schema on a fresh directory and applies nothing the second time", () => {
    const directory = temporaryDirectory("crm-migrate-");
    opened.push(directory);
    const fresh = openDatabase(directory.path);
    expect(fresh.migrationsApplied).toBeGreaterThan(0);
    const tables = fresh.sqlite.query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table'").all().map((row) => row.name);
    expect(tables).toEqual(expect.arrayContaining(["users", "sessions", "settings", "login_failures"]));
    fresh.close();

    const reopened = openDatabase(directory.path);
    expect(reopened.migrationsApplied).toBe(0);
    reopened.close();
  });

  test("runs with WAL, foreign keys, a busy timeout, in-memory temporary tables and 8 KiB pages", () => {
    const database = temporaryDatabase();
    opened.push(database);
    const pragma = (name: string) => Object.values(database.sqlite.query(`PRAGMA ${name}`).get() as Record<string, unknown>)[0];
    expect(pragma("journal_mode")).toBe("wal");
    expect(pragma("foreign_keys")).toBe(1);
    expect(pragma("busy_timeout")).toBe(5000);
    expect(pragma("temp_store")).toBe(2);
    expect(pragma("page_size")).toBe(8192);
  });
});
