import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, renameSync } from "node:fs";
import path from "node:path";
import { drizzle, type BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import * as schema from "./schema.ts";
import { applyMigrations } from "./migrate.ts";
import { AnswerCache } from "./answer-cache.ts";
import { checkpointOn, WAL_KEPT_BYTES, WalKeeper } from "./wal.ts";
import { DomainError } from "../errors.ts";

/**
 * The database as core uses it: drizzle over one bun:sqlite connection, with the cache of its answers, its
 * prepared statements (prepared.ts) and what keeps its WAL bounded for long writers (wal.ts; the server
 * hands that work to a thread of its own).
 */
export type CrmDatabase = BunSQLiteDatabase<typeof schema> & { $client: Database; answers: AnswerCache; preparedStatements: Map<string, unknown>; wal: WalKeeper };
/** What both the database and a transaction on it offer: read helpers take this so they work inside either. */
export type CrmQueries = BaseSQLiteDatabase<"sync", void, typeof schema>;

export interface OpenedDatabase {
  db: CrmDatabase;
  sqlite: Database;
  file: string;
  migrationsApplied: number;
  close(): void;
}

export const DATABASE_FILE_NAME = "crm.db";

/**
 * Opens (creating when needed) the CRM database in a data directory and brings its schema up to date: the
 * database as the floor below every domain folder knows it. Processes open it with openCrmDatabase
 * (startup/), which also finishes the upgrades of stored data that follow the migrations.
 * WAL lets the server read while a CLI import writes; the busy timeout makes a command wait for another
 * process's write lock (the server stops waiting once it has started: neverWaitOnEventLoop).
 */
export function openDatabase(dataDir: string, options: { beforeUpgrade?: (sqlite: Database) => void } = {}): OpenedDatabase {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DATABASE_FILE_NAME);
  const sqlite = new Database(file, { create: true, strict: true });
  try {
    return prepareDatabase(sqlite, file, options);
  } catch (error) {
    sqlite.close();
    if (isDamagedDatabase(error)) throw new DamagedDatabaseError(file, (error as Error).message);
    throw error;
  }
}

/**
 * Moves a database file SQLite cannot read into `folder` (made if need be) as `<name>-<time>.db`, with its
 * WAL and shared-memory index when it has them, all kept as they are for whoever tries to mend it; answers
 * where it went.
 */
export function setDatabaseFileAside(file: string, folder: string, name: string): string {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const to = timedFileName(folder, name, ".db");
  for (const suffix of ["", "-wal", "-shm"]) {
    if (existsSync(`${file}${suffix}`)) renameSync(`${file}${suffix}`, `${to}${suffix}`);
  }
  return to;
}

/**
 * A file in `folder` named by what it is and when, to the second (crm-manual-2026-11-28T23-59-00Z.db.gz), with
 * '-2', '-3'… before the extension when that name is taken: backups and the files set aside beside them.
 */
export function timedFileName(folder: string, name: string, extension: string, at = new Date()): string {
  const stem = path.join(folder, `${name}-${at.toISOString().slice(0, 19).replaceAll(":", "-")}Z`);
  let file = `${stem}${extension}`;
  for (let taken = 2; existsSync(file); taken++) file = `${stem}-${taken}${extension}`;
  return file;
}

/** Whether SQLite refused a file as no database at all, or as one whose pages are broken. */
export function isDamagedDatabase(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_NOTADB" || code === "SQLITE_CORRUPT";
}

/**
 * A database file SQLite cannot read: another kind of file, or one whose pages are broken. Nothing can be
 * read from it; a backup restored puts the data back (crm restore sets the damaged file aside as it is).
 */
export class DamagedDatabaseError extends DomainError {
  constructor(
    readonly file: string,
    sqliteMessage: string,
  ) {
    super("unavailable", `${file} is damaged or is not a database (SQLite: ${sqliteMessage}): put a backup in its place with crm restore`);
  }
}

function prepareDatabase(sqlite: Database, file: string, options: { beforeUpgrade?: (sqlite: Database) => void }): OpenedDatabase {
  // First: switching a new database to WAL needs a moment of its lock, which another process opening it at
  // the same time may hold.
  sqlite.run("PRAGMA busy_timeout = 5000");
  // 8 KiB pages for a new database (an existing one keeps its own): a large import writes hundreds of
  // megabytes of orders, and with twice the default size it spends a fifth less time doing so.
  sqlite.run("PRAGMA page_size = 8192");
  sqlite.run("PRAGMA journal_mode = WAL");
  sqlite.run("PRAGMA synchronous = NORMAL");
  // Once the WAL starts over, its file is cut back to this size rather than kept at its largest (wal.ts).
  sqlite.run(`PRAGMA journal_size_limit = ${WAL_KEPT_BYTES}`);
  sqlite.run("PRAGMA foreign_keys = ON");
  // 64 MiB of page cache holds the hot indexes of a million orders; the default 2 MiB makes a large
  // import re-read index pages from disk for every row.
  sqlite.run("PRAGMA cache_size = -65536");
  // Temporary tables (the accounts an import touched, duplicate blocking keys) are small and short-lived:
  // on disk they cost a file write per statement.
  sqlite.run("PRAGMA temp_store = MEMORY");
  const { beforeUpgrade } = options;
  const migrationsApplied = applyMigrations(sqlite, beforeUpgrade && (() => beforeUpgrade(sqlite)));
  const db: CrmDatabase = Object.assign(drizzle({ client: sqlite, schema }), {
    answers: new AnswerCache(sqlite),
    preparedStatements: new Map<string, unknown>(),
    wal: new WalKeeper(file, checkpointOn(sqlite)),
  });
  const close = () => {
    // SQLite keeps a connection open, as a "zombie", while any statement prepared on it lives; those
    // prepared once and kept (prepared.ts) would hold it open until the process ends. Drizzle's prepared
    // query holds bun:sqlite's statement as `stmt`.
    for (const prepared of db.preparedStatements.values()) (prepared as { stmt?: { finalize(): void } }).stmt?.finalize();
    sqlite.close();
  };
  return { db, sqlite, file, migrationsApplied, close };
}

/**
 * Sets up the connection of a process whose one thread answers requests (the server), so that the database
 * never holds that thread still:
 * - a write that finds another process's write lock is refused at once (SQLITE_BUSY) rather than waited
 *   for: SQLite waits by sleeping. The server tries refused writes again asynchronously (busy.ts).
 * - its commits never copy the WAL into the database (SQLite does so at the end of any commit that finds
 *   1,000 pages or more there, tens of megabytes after an import's batch): a thread of the server's own
 *   does it instead (wal-checkpointer.ts).
 */
export function neverWaitOnEventLoop(sqlite: Database): void {
  sqlite.run("PRAGMA busy_timeout = 0");
  sqlite.run("PRAGMA wal_autocheckpoint = 0");
}
