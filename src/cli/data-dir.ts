import type { Command } from "commander";
import packageJson from "../../package.json" with { type: "json" };
import { statSync } from "node:fs";
import path from "node:path";
import { UsageError } from "./program.ts";
import { DATABASE_FILE_NAME } from "../core/database/open.ts";
import { openCrmDatabase, type OpenedCrmDatabase } from "../core/startup/open-crm-database.ts";
import { keepDataDirPrivate } from "../core/database/private-files.ts";
import { waitingWritersFileName } from "../core/database/waiting-writers.ts";
import { openersFolderName, registerOpener, type OpenerKind } from "../core/database/openers.ts";
import { scratchFolderName } from "../core/import/orders-by-customer.ts";
import { UPLOADS_DIRECTORY } from "../core/import/uploads.ts";
import { MAIL_ATTACHMENTS_DIRECTORY } from "../core/mail/store-messages.ts";
import { WEBHOOK_INTAKE_FILE_NAME } from "../core/shipstation/webhook-intake.ts";

export const DEFAULT_DATA_DIR = "./data";

/** Adds --data-dir to a command; the environment's CRM_DATA_DIR is the fallback. */
export function withDataDir(command: Command): Command {
  return command.option("--data-dir <dir>", "directory holding crm.db and uploads (env CRM_DATA_DIR)");
}

export function resolveDataDir(options: { dataDir?: string }): string {
  const dataDir = path.resolve(options.dataDir ?? process.env.CRM_DATA_DIR ?? DEFAULT_DATA_DIR);
  // A folder that is not there yet is made; a file there would be taken for one, and its mode changed.
  if (statSync(dataDir, { throwIfNoEntry: false })?.isDirectory() === false) {
    throw new UsageError(`the data directory ${dataDir} is a file: give a folder with --data-dir or CRM_DATA_DIR (one not there yet is made)`);
  }
  return dataDir;
}

/** Opens the database for one command run and closes it afterwards, whatever happens. */
export async function withDatabase<T>(options: { dataDir?: string }, work: (opened: OpenedCrmDatabase) => T | Promise<T>): Promise<T> {
  const opened = openPrivateDatabase(resolveDataDir(options));
  try {
    return await work(opened);
  } finally {
    opened.close();
  }
}

/**
 * Opens the database once the data directory is its owner's alone: files an older version or a copy left
 * readable by others are tightened first, and a line on stderr says which.
 */
export function openPrivateDatabase(dataDir: string, kind: OpenerKind = "command"): OpenedCrmDatabase {
  const databaseFiles = [DATABASE_FILE_NAME, WEBHOOK_INTAKE_FILE_NAME].flatMap((name) => [name, `${name}-wal`, `${name}-shm`]);
  const tightened = keepDataDirPrivate(dataDir, [...databaseFiles, waitingWritersFileName(DATABASE_FILE_NAME)], [UPLOADS_DIRECTORY, MAIL_ATTACHMENTS_DIRECTORY, openersFolderName(DATABASE_FILE_NAME), scratchFolderName(DATABASE_FILE_NAME)]);
  if (tightened.length > 0) {
    process.stderr.write(`crm: made ${tightened.length} ${tightened.length === 1 ? "path" : "paths"} in ${dataDir} readable by their owner only (0600 files, 0700 directories): ${tightened.map((target) => path.relative(dataDir, target) || ".").join(", ")}\n`);
  }
  const opened = openCrmDatabase(dataDir, { backUpBeforeUpgrade: { appVersion: packageJson.version } });
  for (const upgrade of opened.upgrades) process.stderr.write(`crm: ${upgrade}\n`);
  const unregister = registerOpener(opened.file, kind);
  return {
    ...opened,
    close() {
      unregister();
      opened.close();
    },
  };
}
