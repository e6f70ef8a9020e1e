import { afterEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { DATABASE_FILE_NAME } from "../database/open.ts";
import { openCrmDatabase } from "../startup/open-crm-database.ts";
import { backupsDirectory } from "./backup-taking.ts";
import { listBackups } from "./backups.ts";

const MIGRATIONS = readMigrationFiles({ migrationsFolder: path.join(import.meta.dir, "../../../drizzle") });

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A data directory whose database an older version left: every migration but the last applied, and an account in it. */
function olderDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "crm-before-upgrade-"));
  dirs.push(dir);
  const old = new Database(path.join(dir, DATABASE_FILE_NAME), { create: true, strict: true });
  old.run("CREATE TABLE __drizzle_migrations (id INTEGER PRIMARY KEY, hash TEXT NOT NULL, created_at NUMERIC)");
  for (const migration of MIGRATIONS.slice(0, -1)) {
    for (const statement of migration.sql) if (statement.trim()) old.run(statement);
    old.run("INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)", [migration.hash, migration.folderMillis]);
  }
  old.run("INSERT INTO accounts (name, added_by_hand, created_at, updated_at) VALUES ('Riverside Clinic', 1, 0, 0)");
  old.close();
  return dir;
}

test("a database an older version left is kept as a before-upgrade backup before this version's migrations apply", () => {
  const dir = olderDataDir();
  const opened = openCrmDatabase(dir, { backUpBeforeUpgrade: { appVersion: "9.9.9" } });
  opened.close();
  expect(opened.migrationsApplied).toBe(1);
  const [backup, ...others] = listBackups(dir);
  expect(others).toEqual([]);
  expect(backup!.kind).toBe("before-upgrade");
  expect(opened.upgrades[0]).toBe(`upgrade: the database as it was before this version's migrations is kept in ${path.join(backupsDirectory(dir), backup!.name)}`);
  const kept = Database.deserialize(gunzipSync(readFileSync(path.join(backupsDirectory(dir), backup!.name))));
  expect(kept.query("SELECT count(*) AS n FROM __drizzle_migrations").get()).toEqual({ n: MIGRATIONS.length - 1 });
  expect(kept.query("SELECT name FROM accounts").all()).toEqual([{ name: "Riverside Clinic" }]);
  expect(JSON.parse((kept.query("SELECT manifest FROM backup_manifest").get() as { manifest: string }).manifest)).toMatchObject({
    appVersion: "9.9.9",
    migrations: MIGRATIONS.length - 1,
    takenBy: { userId: null, name: "System" },
  });
  kept.close();

  // Up to date now: opening it again keeps nothing more.
  openCrmDatabase(dir, { backUpBeforeUpgrade: { appVersion: "9.9.9" } }).close();
  expect(listBackups(dir)).toHaveLength(1);
});

test("a new database, and one opened without a version to keep it for (a restore opening the backup it put in place), keep none", () => {
  const fresh = mkdtempSync(path.join(tmpdir(), "crm-before-upgrade-"));
  dirs.push(fresh);
  openCrmDatabase(fresh, { backUpBeforeUpgrade: { appVersion: "9.9.9" } }).close();
  expect(listBackups(fresh)).toEqual([]);
  const older = olderDataDir();
  const opened = openCrmDatabase(older);
  opened.close();
  expect(opened.migrationsApplied).toBe(1);
  expect(listBackups(older)).toEqual([]);
});
