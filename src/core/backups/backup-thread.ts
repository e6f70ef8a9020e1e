import { Worker } from "node:worker_threads";
import type { Actor } from "../changes/actor.ts";
import { DomainError, type DomainErrorKind } from "../errors.ts";
import { backupScript } from "./backup-script.ts" with { type: "macro" };
import { takeBackupLock } from "./backup-lock.ts";
import type { BackupOutcome } from "./backup-writer.ts";
import { backupsDirectory, removeLeftovers } from "./backup-taking.ts";

const BACKUP_SCRIPT: string = backupScript();

/** What the backup thread is given. */
export interface BackupJob {
  databaseFile: string;
  outFile: string;
  appVersion: string;
  takenBy: Actor;
}

/** What it answers, once. */
export type BackupThreadAnswer = { outcome: BackupOutcome } | { failure: { message: string; kind?: DomainErrorKind; field?: string } };

/**
 * Takes a backup as takeBackup does, for the server: the copy, its check and its compression (tens of
 * seconds for a large database) run on a thread of their own, with a connection of its own, so that the
 * server's thread goes on answering requests meanwhile. The backup lock is held here, by the process, for
 * as long as the thread works.
 */
export async function takeBackupOnThread(dataDir: string, job: BackupJob): Promise<BackupOutcome> {
  const lock = takeBackupLock(backupsDirectory(dataDir));
  let worker: Worker | undefined;
  try {
    removeLeftovers(dataDir);
    const answer = await new Promise<BackupThreadAnswer>((resolve, reject) => {
      worker = new Worker(BACKUP_SCRIPT, { eval: true, workerData: job });
      running.add(worker);
      worker.once("message", resolve);
      worker.once("error", reject);
      worker.once("exit", (code) =>
        reject(
          abandoned.has(worker!)
            ? new DomainError("unavailable", "The backup was abandoned: the server is stopping. Take it again once it is running")
            : new Error(`The backup thread stopped (exit code ${code}) before it answered`),
        ),
      );
    });
    if ("outcome" in answer) return answer.outcome;
    const { message, kind, field } = answer.failure;
    throw kind ? new DomainError(kind, message, field) : new Error(message);
  } finally {
    if (worker) running.delete(worker);
    lock.release();
  }
}

const running = new Set<Worker>();
const abandoned = new WeakSet<Worker>();

/**
 * Stops the backups under way, for a server that is stopping: a backup of a large database takes a minute
 * or more, which a stop should not wait for. What a stopped backup leaves is its work folder, never a file
 * listed as a backup, and the next backup removes it.
 */
export async function abandonBackupsOnThread(): Promise<void> {
  await Promise.all(
    [...running].map((worker) => {
      abandoned.add(worker);
      return worker.terminate();
    }),
  );
}
