import type { Command } from "commander";
import path from "node:path";
import { openDatabase, type OpenedDatabase } from "../core/database/open.ts";

export const DEFAULT_DATA_DIR = "./data";

/** Adds --data-dir to a command; the environment's CRM_DATA_DIR is the fallback. */
export function withDataDir(command: Command): Command {
  return command.option("--data-dir <dir>", "directory holding crm.db and uploads (env CRM_DATA_DIR)");
}

export function resolveDataDir(options: { dataDir?: string }): string {
  return path.resolve(options.dataDir ?? process.env.CRM_DATA_DIR ?? DEFAULT_DATA_DIR);
}

/** Opens the database for one command run and closes it afterwards, whatever happens. */
export async function withDatabase<T>(options: { dataDir?: string }, work: (opened: OpenedDatabase) => T | Promise<T>): Promise<T> {
  const opened = openDatabase(resolveDataDir(options));
  try {
    return await work(opened);
  } finally {
    opened.close();
  }
}
