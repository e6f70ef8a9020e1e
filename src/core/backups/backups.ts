import { Database } from "bun:sqlite";
import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { KNOWN_MIGRATIONS } from "../database/migrate.ts";
import { DATABASE_FILE_NAME, openDatabase, type CrmDatabase, type OpenedDatabase } from "../database/open.ts";
import { otherOpeners } from "../database/openers.ts";
import { conflict, invalid } from "../errors.ts";
import { isDatabaseOpenElsewhere } from "../import/open-elsewhere.ts";
import { openCrmDatabase } from "../startup/open-crm-database.ts";
import { formatCountOf } from "../../contracts/counts.ts";
import { COMMAND_LINE, type Actor } from "../changes/actor.ts";
import { announceChange, type BackupAction } from "../changes/change-feed.ts";
import { inTransaction } from "../database/transaction.ts";

/**
 * Backups of the CRM database: one gzip-compressed SQLite file holding a consistent copy of every table and
 * a manifest saying what it is (backup_manifest). Taken while the server and imports run: `VACUUM INTO`
 * reads one snapshot in a read transaction and never takes the write lock, so nobody waits for it. Written
 * under a temporary name and renamed once whole and checked, so a killed backup leaves no file that looks
 * like one.
 */

/** What a backup holds, stored inside it. */
export interface BackupManifest {
  /** The `crm` version that took it. */
  appVersion: string;
  /** How many migrations its schema has had: a backup newer than the running build is refused. */
  migrations: number;
  takenAt: string;
  counts: Record<CountedTable, number>;
}

const COUNTED_TABLES = ["accounts", "contacts", "orders", "notes", "tasks", "users"] as const;
type CountedTable = (typeof COUNTED_TABLES)[number];

export const BACKUPS_DIRECTORY = "backups";

/**
 * Where a backup goes when told nowhere else: DATA_DIR/backups/crm-backup-2026-11-28T23-59-00Z.db.gz, with
 * '-2', '-3'… before the extension when another backup was taken in the same second.
 */
export function defaultBackupFile(dataDir: string, kind: "backup" | "before-restore" | "before-clear" = "backup", at = new Date()): string {
  const stem = path.join(dataDir, BACKUPS_DIRECTORY, `crm-${kind}-${at.toISOString().slice(0, 19).replaceAll(":", "-")}Z`);
  let file = `${stem}.db.gz`;
  for (let taken = 2; existsSync(file); taken++) file = `${stem}-${taken}.db.gz`;
  return file;
}

/**
 * Takes a backup of the open database into `outFile`, checked and compressed; answers what it holds. The
 * audit trail says who took it and why (`taken.kind`: manual, before-clear, scheduled…), in the database
 * after the copy: the backup holds the trail up to just before itself. Without `taken` (the database a
 * restore is about to replace) nothing is written to it: the restored database's trail names the file.
 */
export async function takeBackup(
  db: CrmDatabase,
  outFile: string,
  appVersion: string,
  taken?: { actor: Actor; kind: string },
): Promise<{ file: string; bytes: number; manifest: BackupManifest }> {
  const file = path.resolve(outFile);
  if (existsSync(file)) throw conflict(`${file} already exists; choose another file`, "out");
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // Beside the target, so that the finished file is renamed into place rather than copied across disks.
  const work = mkdtempSync(path.join(path.dirname(file), ".backup-"));
  try {
    const copy = path.join(work, DATABASE_FILE_NAME);
    db.$client.run("VACUUM INTO ?", [copy]);
    const manifest = sealCopy(copy, appVersion);
    const partial = path.join(work, "backup.gz");
    await pipeline(createReadStream(copy), createGzip(), createWriteStream(partial, { mode: 0o600 }));
    renameSync(partial, file);
    if (taken) announceBackup(db, { action: "taken", kind: taken.kind, file: path.basename(file) }, taken.actor);
    return { file, bytes: statSync(file).size, manifest };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Checks the copy whole and writes its manifest into it. */
function sealCopy(copyFile: string, appVersion: string): BackupManifest {
  const copy = new Database(copyFile, { strict: true });
  try {
    assertIntact(copy, "The copy");
    const manifest: BackupManifest = {
      appVersion,
      migrations: copy.query<{ n: number }, []>("SELECT count(*) AS n FROM __drizzle_migrations").get()!.n,
      takenAt: new Date().toISOString(),
      counts: countTables(copy),
    };
    copy.run("CREATE TABLE backup_manifest (manifest TEXT NOT NULL)");
    copy.run("INSERT INTO backup_manifest (manifest) VALUES (?)", [JSON.stringify(manifest)]);
    return manifest;
  } finally {
    copy.close();
  }
}

/**
 * Puts a backup in place of the data directory's database: refused while another process (a server, an
 * import, another command) has it open, and for a file that is not a whole backup of this product or is
 * newer than this build. The current database is kept first as a backup in DATA_DIR/backups; the restored
 * one is brought up to this build's schema. Answers what the backup held and where the old data went.
 */
export async function restoreBackup(dataDir: string, backupFile: string, appVersion: string, actor: Actor = COMMAND_LINE): Promise<{ manifest: BackupManifest; keptAs: string | null }> {
  const source = path.resolve(backupFile);
  if (!existsSync(source)) throw invalid("file", `No such backup file: ${source}`);
  // Refused before the long work of unpacking, and again just before the swap (keepCurrentDatabase).
  openCurrentIfFree(dataDir)?.close();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const work = mkdtempSync(path.join(dataDir, ".restore-"));
  try {
    const restored = path.join(work, DATABASE_FILE_NAME);
    try {
      await pipeline(createReadStream(source), createGunzip(), createWriteStream(restored, { mode: 0o600 }));
    } catch {
      throw invalid("file", `${source} is not a Supply CRM backup: it is not a gzip-compressed file, or it is cut short`);
    }
    const manifest = unsealCopy(restored, source);
    const keptAs = await keepCurrentDatabase(dataDir, appVersion);
    for (const suffix of ["-wal", "-shm"]) rmSync(path.join(dataDir, `${DATABASE_FILE_NAME}${suffix}`), { force: true });
    renameSync(restored, path.join(dataDir, DATABASE_FILE_NAME));
    // The migrations a backup from an older build lacks, and the upgrades of its data.
    const opened = openCrmDatabase(dataDir);
    try {
      // In the restored database's own trail: the restore is the latest thing that happened to it.
      const kind = `taken ${manifest.takenAt}${keptAs ? `; the database it replaced kept as ${path.basename(keptAs)}` : ""}`;
      announceBackup(opened.db, { action: "restored", kind, file: path.basename(source) }, actor);
    } finally {
      opened.close();
    }
    return { manifest, keptAs };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * A backup taken, deleted or restored, in the audit trail: who, which file, what kind. Its own transaction;
 * what takes, deletes (the scheduled backups' pruning, an administrator) or restores a backup calls it.
 */
export function announceBackup(db: CrmDatabase, backup: { action: BackupAction; kind: string; file: string }, actor: Actor): void {
  inTransaction(db, () => announceChange(db, { type: "backup_changed", ...backup, actor, at: new Date() }));
}

/** Reads a restored copy's manifest, checks the copy whole and not newer than this build, and takes the manifest out. */
function unsealCopy(copyFile: string, source: string): BackupManifest {
  let copy: Database;
  try {
    copy = new Database(copyFile, { strict: true });
    copy.query("SELECT count(*) FROM sqlite_master").get();
  } catch {
    throw invalid("file", `${source} is not a Supply CRM backup: it does not hold a database`);
  }
  try {
    assertIntact(copy, source);
    const stored = copy.query<{ manifest: string }, []>("SELECT manifest FROM backup_manifest").get();
    if (!stored) throw invalid("file", `${source} is not a Supply CRM backup: it has no manifest`);
    const manifest = JSON.parse(stored.manifest) as BackupManifest;
    if (manifest.migrations > KNOWN_MIGRATIONS) {
      throw invalid("file", `${source} was taken by a newer version (${manifest.appVersion}) with a schema this build does not know; upgrade crm first`);
    }
    copy.run("DROP TABLE backup_manifest");
    return manifest;
  } catch (error) {
    // A database of something else, without the manifest's table.
    if ((error as { code?: string }).code?.startsWith("SQLITE_")) throw invalid("file", `${source} is not a Supply CRM backup: it has no manifest`);
    throw error;
  } finally {
    copy.close();
  }
}

/** Keeps the current database as a backup, refusing while anyone else has it open. Null when there was none. */
async function keepCurrentDatabase(dataDir: string, appVersion: string): Promise<string | null> {
  const current = openCurrentIfFree(dataDir);
  if (!current) return null;
  try {
    return (await takeBackup(current.db, defaultBackupFile(dataDir, "before-restore"), appVersion)).file;
  } finally {
    current.close();
  }
}

/** The data directory's database, open, unless nobody has one there (null) or another process has it open (refused, saying who). */
function openCurrentIfFree(dataDir: string): OpenedDatabase | null {
  const file = path.join(dataDir, DATABASE_FILE_NAME);
  if (!existsSync(file)) return null;
  const current = openDatabase(dataDir);
  const others = otherOpeners(file);
  if (others.length > 0 || isDatabaseOpenElsewhere(current.sqlite)) {
    current.close();
    const who = others.includes("server") ? "a running crm serve" : others.length > 0 ? "another crm command (an import?)" : "another process";
    throw conflict(`The data directory ${dataDir} is in use by ${who}; stop it, then restore`);
  }
  return current;
}

function assertIntact(database: Database, name: string): void {
  const problems = database.query<{ integrity_check: string }, []>("PRAGMA integrity_check").all();
  if (problems.length !== 1 || problems[0]!.integrity_check !== "ok") throw invalid("file", `${name} failed SQLite's integrity check: ${problems[0]?.integrity_check ?? "no answer"}`);
}

function countTables(database: Database): Record<CountedTable, number> {
  return Object.fromEntries(COUNTED_TABLES.map((table) => [table, database.query<{ n: number }, []>(`SELECT count(*) AS n FROM ${table}`).get()!.n])) as Record<CountedTable, number>;
}

/** '19,980 accounts, 99,723 orders, 20,112 contacts, …' */
export function describeBackupCounts(counts: Record<CountedTable, number>): string {
  const names: Record<CountedTable, [string, string]> = {
    accounts: ["account", "accounts"],
    contacts: ["contact", "contacts"],
    orders: ["order", "orders"],
    notes: ["note", "notes"],
    tasks: ["task", "tasks"],
    users: ["user", "users"],
  };
  return COUNTED_TABLES.map((table) => formatCountOf(counts[table], names[table][0], names[table][1])).join(", ");
}
