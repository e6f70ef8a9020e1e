import { Database } from "bun:sqlite";
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Actor } from "../changes/actor.ts";
import { conflict, fileProblem, invalid } from "../errors.ts";

/**
 * Writes one backup file from an open database: what both the process that asks for a backup and the
 * server's backup thread run (backup-worker.ts), so it imports no more than it needs: the thread's script
 * carries all of it.
 */

/** What a backup holds, stored inside it. */
export interface BackupManifest {
  /** The `crm` version that took it. */
  appVersion: string;
  /** How many migrations its schema has had: a backup newer than the running build is refused. */
  migrations: number;
  takenAt: string;
  /** Who asked for it: an administrator, the command line, or the system (the daily one, before an upgrade). */
  takenBy: Actor;
  counts: Record<CountedTable, number>;
  /**
   * The e-mail attachments' files it holds (`kept`), and those its rows named that were not in the data
   * directory as it was taken (`missing`). Absent from backups taken before they were held.
   */
  attachmentFiles?: { kept: number; missing: number };
}

export interface BackupOutcome {
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

export const COUNTED_TABLES = ["accounts", "contacts", "orders", "notes", "tasks", "users"] as const;
export type CountedTable = (typeof COUNTED_TABLES)[number];

/**
 * The table of a backup that holds the e-mail attachments' files its mail_attachments rows point to, each
 * under its stored path (relative to the data directory): restore writes them back and drops it.
 */
export const ATTACHMENT_FILES_TABLE = "backup_attachment_files";

/** The prefix of the temporary folder a backup is written in, beside its file. */
export const WORK_FOLDER_PREFIX = ".backup-";

/** Compressed a piece at a time, so that a backup of a large database never holds it whole in memory. */
const COMPRESSED_PIECE_BYTES = 16 * 1024 * 1024;

/**
 * A new folder to write the backup in, beside its target (so that the finished file is renamed into place
 * rather than copied across disks), its own folder made if need be; refused with 400 saying why not.
 */
function workFolderBeside(file: string): string {
  const folder = path.dirname(file);
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    return mkdtempSync(path.join(folder, WORK_FOLDER_PREFIX));
  } catch (error) {
    throw invalid("out", `Cannot write a backup in ${folder}: ${fileProblem(error)}`);
  }
}

/**
 * The backup itself, for a caller holding the backup lock: VACUUM INTO a work folder beside the target,
 * the copy checked and sealed with its manifest, compressed, then renamed into place.
 */
export function writeBackup(sqlite: Database, outFile: string, appVersion: string, takenBy: Actor): BackupOutcome {
  const file = path.resolve(outFile);
  if (existsSync(file)) throw conflict(`${file} already exists; choose another file`, "out");
  const work = workFolderBeside(file);
  try {
    const copy = path.join(work, "copy.db");
    sqlite.run("VACUUM INTO ?", [copy]);
    // The attachments' files sit beside the database it copies (the data directory).
    const manifest = sealCopy(copy, path.dirname(path.resolve(sqlite.filename)), appVersion, takenBy);
    const partial = path.join(work, "backup.gz");
    compressFile(copy, partial);
    renameSync(partial, file);
    return { file, bytes: statSync(file).size, manifest };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Gzips `source` into `target` a piece at a time, synchronously: each piece is a gzip member of its own, and
 * members one after another are one gzip file to every reader (restore's createGunzip, gunzip). Pieces of
 * 16 MiB lose nothing measurable to compression restarting at each.
 */
function compressFile(source: string, target: string): void {
  const input = openSync(source, "r");
  const output = openSync(target, "wx", 0o600);
  try {
    const piece = Buffer.allocUnsafe(COMPRESSED_PIECE_BYTES);
    for (let read = readSync(input, piece); read > 0; read = readSync(input, piece)) {
      writeSync(output, gzipSync(piece.subarray(0, read)));
    }
  } finally {
    closeSync(input);
    closeSync(output);
  }
}

/** Checks the copy whole, puts the attachments' files in it and writes its manifest into it. */
function sealCopy(copyFile: string, dataDir: string, appVersion: string, takenBy: Actor): BackupManifest {
  const copy = new Database(copyFile, { strict: true });
  try {
    assertIntact(copy, "The copy");
    const manifest: BackupManifest = {
      appVersion,
      migrations: copy.query<{ n: number }, []>("SELECT count(*) AS n FROM __drizzle_migrations").get()!.n,
      takenAt: new Date().toISOString(),
      takenBy,
      counts: countTables(copy),
      attachmentFiles: holdAttachmentFiles(copy, dataDir),
    };
    copy.run("CREATE TABLE backup_manifest (manifest TEXT NOT NULL)");
    copy.run("INSERT INTO backup_manifest (manifest) VALUES (?)", [JSON.stringify(manifest)]);
    return manifest;
  } finally {
    copy.close();
  }
}

/**
 * Puts in the copy the files its mail_attachments rows point to, read from the data directory: those of the
 * copy's snapshot, which were written before the transaction that named them committed, and are never
 * changed or removed (named by their content). One read at a time (25 MB at most), so memory stays small.
 */
function holdAttachmentFiles(copy: Database, dataDir: string): { kept: number; missing: number } {
  const held = { kept: 0, missing: 0 };
  // A database an older version left (a before-upgrade backup) may have no mail yet.
  if (!copy.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'mail_attachments'").get()) return held;
  copy.run(`CREATE TABLE ${ATTACHMENT_FILES_TABLE} (path TEXT PRIMARY KEY, content BLOB NOT NULL)`);
  const paths = copy.query<{ path: string }, []>("SELECT DISTINCT stored_path AS path FROM mail_attachments WHERE stored_path IS NOT NULL").all();
  const insert = copy.query(`INSERT INTO ${ATTACHMENT_FILES_TABLE} (path, content) VALUES (?, ?)`);
  copy.transaction(() => {
    for (const { path: stored } of paths) {
      let content: Buffer;
      try {
        content = readFileSync(path.join(dataDir, stored));
      } catch {
        // Removed by hand: the backup goes on, and its manifest says how many.
        held.missing++;
        continue;
      }
      insert.run(stored, content);
      held.kept++;
    }
  })();
  return held;
}

export function assertIntact(database: Database, name: string): void {
  const problems = database.query<{ integrity_check: string }, []>("PRAGMA integrity_check").all();
  if (problems.length !== 1 || problems[0]!.integrity_check !== "ok") throw invalid("file", `${name} failed SQLite's integrity check: ${problems[0]?.integrity_check ?? "no answer"}`);
}

function countTables(database: Database): Record<CountedTable, number> {
  return Object.fromEntries(COUNTED_TABLES.map((table) => [table, database.query<{ n: number }, []>(`SELECT count(*) AS n FROM ${table}`).get()!.n])) as Record<CountedTable, number>;
}

