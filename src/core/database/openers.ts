import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { filesOfRunningProcesses } from "./process-files.ts";

/**
 * Which of the product's processes have a database open, and of what kind. SQLite says only that another
 * connection has it open (open-elsewhere.ts). A server tells of its writes that wait for the lock
 * (waiting-writers.ts), so a long import beside it may hold the lock longer; a command waits in SQLite's
 * busy handler, which tells nobody and tries again at times of its own, so beside a command an import keeps
 * its batches short (csv-import-run.ts). Each process writes a file named by its pid into a folder beside
 * the database while it has it open; one left by a killed process is known by that process being gone.
 */
export type OpenerKind = "server" | "command";

/** Records this process as having the database open; returns how to take that back. */
export function registerOpener(databaseFile: string, kind: OpenerKind): () => void {
  const folder = openersFolderName(databaseFile);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const file = path.join(folder, String(process.pid));
  writeFileSync(file, kind, { mode: 0o600 });
  return () => rmSync(file, { force: true });
}

/** The kinds of the product's other processes that have the database open now. */
export function otherOpeners(databaseFile: string): OpenerKind[] {
  const folder = openersFolderName(databaseFile);
  const kinds: OpenerKind[] = [];
  for (const pid of filesOfRunningProcesses(folder)) {
    if (pid === String(process.pid)) continue;
    let kind: string;
    try {
      kind = readFileSync(path.join(folder, pid), "utf8");
    } catch {
      // Closed since the folder was read.
      continue;
    }
    kinds.push(kind === "server" ? "server" : "command");
  }
  return kinds;
}

/** The folder beside a database file (a path or a name) where its openers are recorded. */
export function openersFolderName(databaseFile: string): string {
  return `${databaseFile}-openers`;
}
