import { Database } from "bun:sqlite";
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import type { Actor } from "../changes/actor.ts";
import { announceChange, type BackupAction } from "../changes/change-feed.ts";
import { whenDatabaseFree } from "../database/busy.ts";
import { inTransaction } from "../database/transaction.ts";
import { KNOWN_MIGRATIONS } from "../database/migrate.ts";
import { DamagedDatabaseError, DATABASE_FILE_NAME, openDatabase, setDatabaseFileAside, type CrmDatabase, type OpenedDatabase } from "../database/open.ts";
import { otherOpeners } from "../database/openers.ts";
import { conflict, invalid, notFound } from "../errors.ts";
import { isDatabaseOpenElsewhere } from "../import/open-elsewhere.ts";
import { MAIL_ATTACHMENTS_DIRECTORY } from "../mail/store-messages.ts";
import { openCrmDatabase } from "../startup/open-crm-database.ts";
import { BACKUP_NAME_PATTERN, type Backup, type BackupKind } from "../../contracts/backups.ts";
import { formatCountOf } from "../../contracts/counts.ts";
import { withBackupLock } from "./backup-lock.ts";
import { backupsDirectory, defaultBackupFile, removeLeftovers } from "./backup-taking.ts";
import { assertIntact, ATTACHMENT_FILES_TABLE, COUNTED_TABLES, writeBackup, type BackupManifest, type CountedTable } from "./backup-writer.ts";

/**
 * Backups of the CRM database: one gzip-compressed SQLite file holding a consistent copy of every table and
 * a manifest saying what it is (backup_manifest). Taken while the server and imports run: `VACUUM INTO`
 * reads one snapshot in a read transaction and never takes the write lock, so nobody waits for it. Written
 * in a temporary folder (.backup-*) and renamed into place once whole and checked, so a killed backup
 * leaves no file that looks like one; the next backup removes the folder it left. One backup or restore
 * at a time per data directory (backup-lock.ts). The server takes its backups on a thread of its own
 * (backup-thread.ts); commands and the opening of a database to upgrade it take them on their own thread.
 */

const BACKUP_NAME = new RegExp(BACKUP_NAME_PATTERN);

/**
 * The backups in DATA_DIR/backups, newest first, their kind and time read from their names. Only whole,
 * checked backups have such a name: a backup's work folder, and any other file put there, are not listed.
 */
export function listBackups(dataDir: string): Backup[] {
  let names: string[];
  try {
    names = readdirSync(backupsDirectory(dataDir));
  } catch {
    return [];
  }
  const backups: (Backup & { order: string })[] = [];
  for (const name of names) {
    const match = BACKUP_NAME.exec(name);
    if (!match) continue;
    let bytes: number;
    try {
      const stats = statSync(path.join(backupsDirectory(dataDir), name));
      if (!stats.isFile()) continue;
      bytes = stats.size;
    } catch {
      // Deleted since the folder was read.
      continue;
    }
    const [, kind, date, hour, minute, second] = match as unknown as [string, BackupKind, string, string, string, string];
    const createdAt = `${date}T${hour}:${minute}:${second}.000Z`;
    // Within one second, crm-…Z.db.gz was taken before crm-…Z-2.db.gz.
    const taken = Number(/Z-(\d+)\.db\.gz$/.exec(name)?.[1] ?? 1);
    backups.push({ name, kind, bytes, createdAt, order: `${createdAt} ${String(taken).padStart(6, "0")}` });
  }
  return backups.sort((a, b) => (a.order < b.order ? 1 : -1)).map(({ order: _order, ...backup }) => backup);
}

/** The path of a listed backup, or 404: a name that is not a backup's (a path, `..`, another file) names none. */
export function backupFile(dataDir: string, name: string): string {
  const file = path.join(backupsDirectory(dataDir), name);
  if (!BACKUP_NAME.test(name) || !existsSync(file) || !statSync(file).isFile()) throw notFound(`No backup is named ${name}`);
  return file;
}

/**
 * A backup taken, deleted or restored, in the audit trail: who, which file, what kind. Its own transaction,
 * once the file is whole (or gone): a backup holds the trail up to just before itself. The server's
 * connection never waits for another process's write lock, so this tries again while it is busy.
 */
export async function announceBackup(db: CrmDatabase, backup: { action: BackupAction; kind: string; file: string }, actor: Actor): Promise<void> {
  await whenDatabaseFree(() => inTransaction(db, () => announceChange(db, { type: "backup_changed", ...backup, actor, at: new Date() })));
}

/** Deletes a listed backup; 404 for a name that is not one. */
export function deleteBackup(dataDir: string, name: string): void {
  rmSync(backupFile(dataDir, name));
}

/**
 * Deletes the daily backups beyond the newest `keep`; the other kinds are kept however many there are.
 * Answers the names deleted.
 */
export function pruneScheduledBackups(dataDir: string, keep: number): string[] {
  const beyond = listBackups(dataDir).filter((backup) => backup.kind === "scheduled").slice(keep);
  for (const backup of beyond) rmSync(path.join(backupsDirectory(dataDir), backup.name), { force: true });
  return beyond.map((backup) => backup.name);
}

/**
 * Puts a backup in place of the data directory's database: refused while another process (a server, an
 * import, another command) has it open or a backup is being taken, and for a file that is not a whole
 * backup of this product or is newer than this build. The current database is kept first as a backup in
 * DATA_DIR/backups; the restored one is brought up to this build's schema (without a before-upgrade backup:
 * it is a backup itself). The e-mail attachments' files it holds are written back into the data directory
 * (restoreAttachmentFiles). Answers what the backup held, where the old data went, and the attachments'
 * files put back and missing.
 */
export async function restoreBackup(
  dataDir: string,
  backupFile: string,
  appVersion: string,
  restoredBy: Actor,
): Promise<{ manifest: BackupManifest; keptAs: string | null; attachmentFiles: RestoredAttachmentFiles }> {
  const source = path.resolve(backupFile);
  if (!existsSync(source)) throw invalid("file", `No such backup file: ${source}`);
  // Refused before the long work of unpacking, and again just before the swap (keepCurrentDatabase).
  const current = openCurrentIfFree(dataDir);
  if (current !== null && current !== DAMAGED) current.close();
  return withBackupLock(backupsDirectory(dataDir), async () => {
    removeLeftovers(dataDir);
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
      const attachmentFiles = restoreAttachmentFiles(restored, dataDir, source);
      const keptAs = keepCurrentDatabase(dataDir, appVersion, restoredBy);
      for (const suffix of ["-wal", "-shm"]) rmSync(path.join(dataDir, `${DATABASE_FILE_NAME}${suffix}`), { force: true });
      renameSync(restored, path.join(dataDir, DATABASE_FILE_NAME));
      // The migrations a backup from an older build lacks, and the upgrades of its data.
      const opened = openCrmDatabase(dataDir);
      try {
        // In the restored database's own trail: the restore is the latest thing that happened to it.
        const kind = `taken ${manifest.takenAt}${keptAs ? `; the database it replaced kept as ${path.basename(keptAs)}` : ""}`;
        await announceBackup(opened.db, { action: "restored", kind, file: path.basename(source) }, restoredBy);
      } finally {
        opened.close();
      }
      return { manifest, keptAs, attachmentFiles };
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
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

export interface RestoredAttachmentFiles {
  /** Files the backup held, now in the data directory's mail-attachments folder. */
  restored: number;
  /** Attachments whose file is neither in the backup nor in the data directory: listed without their file. */
  missing: number;
}

/**
 * Writes the attachments' files a restored copy holds into the data directory (each checked against the
 * SHA-256 it is named by; one already there is the same file), drops their table and gives back its space,
 * then marks each attachment whose file is still nowhere (a backup from before backups held them, a file
 * removed by hand) as kept without its file, as an attachment over the size cap is: the database never
 * points at a file that is not there.
 */
function restoreAttachmentFiles(copyFile: string, dataDir: string, source: string): RestoredAttachmentFiles {
  const copy = new Database(copyFile, { strict: true });
  try {
    const counts: RestoredAttachmentFiles = { restored: 0, missing: 0 };
    const holdsFiles = copy.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(ATTACHMENT_FILES_TABLE) !== null;
    if (holdsFiles) {
      const folder = path.join(dataDir, MAIL_ATTACHMENTS_DIRECTORY);
      for (const { stored, content } of copy.query<{ stored: string; content: Uint8Array }, []>(`SELECT path AS stored, content FROM ${ATTACHMENT_FILES_TABLE}`).iterate()) {
        const name = path.basename(stored);
        if (path.join(MAIL_ATTACHMENTS_DIRECTORY, name) !== stored || createHash("sha256").update(content).digest("hex") !== name) {
          throw invalid("file", `${source} is not a whole Supply CRM backup: its attachment file ${stored} is not what its name says`);
        }
        const file = path.join(folder, name);
        if (!existsSync(file)) {
          mkdirSync(folder, { recursive: true, mode: 0o700 });
          // Whole under another name first, as the sync writes them (mail/store-messages.ts).
          writeFileSync(`${file}.partial`, content, { mode: 0o600 });
          renameSync(`${file}.partial`, file);
        }
        counts.restored++;
      }
      copy.run(`DROP TABLE ${ATTACHMENT_FILES_TABLE}`);
      // The files' pages would stay in crm.db as free space: as large as the files, for nothing.
      if (counts.restored > 0) copy.run("VACUUM");
    }
    if (copy.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'mail_attachments'").get() !== null) {
      const pointed = copy.query<{ stored: string }, []>("SELECT DISTINCT stored_path AS stored FROM mail_attachments WHERE stored_path IS NOT NULL").all();
      const clear = copy.query("UPDATE mail_attachments SET stored_path = NULL WHERE stored_path = ?");
      copy.transaction(() => {
        for (const { stored } of pointed) {
          if (existsSync(path.join(dataDir, stored))) continue;
          counts.missing += clear.run(stored).changes;
        }
      })();
    }
    return counts;
  } finally {
    copy.close();
  }
}

/** Keeps the current database as a backup (the caller holds the backup lock), refusing while anyone else has it open. Null when there was none. */
function keepCurrentDatabase(dataDir: string, appVersion: string, restoredBy: Actor): string | null {
  const current = openCurrentIfFree(dataDir);
  if (!current) return null;
  if (current === DAMAGED) return setDamagedDatabaseAside(dataDir);
  try {
    return writeBackup(current.sqlite, defaultBackupFile(dataDir, "before-restore"), appVersion, restoredBy).file;
  } finally {
    current.close();
  }
}

/**
 * The damaged database, as it is, beside the backups (crm-damaged-<time>.db, with its WAL if it has one):
 * nothing can be read from it to back it up, and it may still matter to whoever tries to mend it. Not a
 * backup: the backups' list leaves it out.
 */
function setDamagedDatabaseAside(dataDir: string): string {
  return setDatabaseFileAside(path.join(dataDir, DATABASE_FILE_NAME), backupsDirectory(dataDir), "crm-damaged");
}

/** What openCurrentIfFree finds when the database there cannot be read at all. */
const DAMAGED = "damaged";

/**
 * The data directory's database, open, unless nobody has one there (null), it cannot be read (DAMAGED), or
 * another process has it open (refused, saying who).
 */
function openCurrentIfFree(dataDir: string): OpenedDatabase | typeof DAMAGED | null {
  const file = path.join(dataDir, DATABASE_FILE_NAME);
  if (!existsSync(file)) return null;
  let current: OpenedDatabase;
  try {
    current = openDatabase(dataDir);
  } catch (error) {
    if (!(error instanceof DamagedDatabaseError)) throw error;
    const who = whoElseHasIt(file);
    if (who !== null) throw inUse(dataDir, who);
    return DAMAGED;
  }
  const who = whoElseHasIt(file, current.sqlite);
  if (who !== null) {
    current.close();
    throw inUse(dataDir, who);
  }
  return current;
}

/** Who else has the database open, if anyone: a CRM process says what it is; any other is seen through SQLite's locks, once the file can be opened. */
function whoElseHasIt(file: string, open?: Database): string | null {
  const others = otherOpeners(file);
  if (others.includes("server")) return "a running crm serve";
  if (others.length > 0) return "another crm command (an import?)";
  return open !== undefined && isDatabaseOpenElsewhere(open) ? "another process" : null;
}

function inUse(dataDir: string, who: string) {
  return conflict(`The data directory ${dataDir} is in use by ${who}; stop it, then restore`);
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
