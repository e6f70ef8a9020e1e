import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { CsvImportPreview } from "../../contracts/imports.ts";
import { DomainError, conflict, type DomainErrorKind } from "../errors.ts";
import type { CsvImportFile } from "./csv-import-parts.ts";
import { previewScript } from "./preview-script.ts" with { type: "macro" };

const PREVIEW_SCRIPT: string = previewScript();
/** The copies' folders in the data directory; apart from `crm import-csv --dry-run`'s, which another process may be using. */
const COPY_FOLDER_PREFIX = "server-preview-";

/** What the preview thread is given. */
export interface PreviewJob {
  databaseFile: string;
  /** An empty folder for the copy of the database, removed by this thread's side once the worker is done. */
  copyDir: string;
  files: CsvImportFile[];
}

/** What it answers, once. */
export type PreviewThreadAnswer = { preview: CsvImportPreview } | { failure: { message: string; kind?: DomainErrorKind; field?: string } };

/** The preview under way in this process: nothing awaits between the check for one and setting it, so two cannot both pass. */
let running: Worker | undefined;
let abandoned = false;

/**
 * The upload dialog's dry run, for the server: on a thread of its own, with a connection of its own, on a
 * copy of the database taken with VACUUM INTO into a folder of the data directory. The rolled-back
 * transaction is the copy's, so the database's write lock is never held, and the server's thread answers
 * requests meanwhile. One at a time: a second is refused (409), as a preview of 24,000 rows takes
 * seconds and a copy as large as the database.
 */
export async function previewCsvImportOnThread(dataDir: string, databaseFile: string, files: CsvImportFile[]): Promise<CsvImportPreview> {
  if (running) throw conflict("Another file is being previewed; preview this file once that has finished");
  abandoned = false;
  let copyDir: string | undefined;
  let worker: Worker | undefined;
  try {
    removeLeftoverCopies(dataDir);
    copyDir = mkdtempSync(path.join(dataDir, COPY_FOLDER_PREFIX));
    const answer = await new Promise<PreviewThreadAnswer>((resolve, reject) => {
      const job: PreviewJob = { databaseFile, copyDir: copyDir!, files };
      worker = new Worker(PREVIEW_SCRIPT, { eval: true, workerData: job });
      running = worker;
      worker.once("message", resolve);
      worker.once("error", reject);
      worker.once("exit", (code) =>
        reject(
          abandoned
            ? new DomainError("unavailable", "The preview was abandoned: the server is stopping. Preview the file again once it is running")
            : new Error(`The preview thread stopped (exit code ${code}) before it answered`),
        ),
      );
    });
    if ("preview" in answer) return answer.preview;
    const { message, kind, field } = answer.failure;
    throw kind ? new DomainError(kind, message, field) : new Error(message);
  } finally {
    // The worker has closed the copy by the time it answers or has stopped.
    await worker?.terminate();
    if (copyDir) rmSync(copyDir, { recursive: true, force: true });
    running = undefined;
  }
}

/** Stops the preview under way, for a server that is stopping: its caller is answered 503 and its copy removed. */
export async function abandonPreviewOnThread(): Promise<void> {
  if (!running) return;
  abandoned = true;
  await running.terminate();
}

/** What a server that died mid-preview left: a copy as large as the database. No other preview runs now. */
function removeLeftoverCopies(dataDir: string): void {
  for (const name of readdirSync(dataDir)) {
    if (name.startsWith(COPY_FOLDER_PREFIX)) rmSync(path.join(dataDir, name), { recursive: true, force: true });
  }
}
