import { Command } from "commander";
import { getPriority, setPriority } from "node:os";
import { COMMAND_LINE } from "../../core/changes/actor.ts";
import { REPORTED_ROW_ERRORS, type CsvImportResult } from "../../contracts/imports.ts";
import type { CrmDatabase } from "../../core/database/open.ts";
import { runCsvImport, type CsvImportRunOutcome } from "../../core/import/csv-import-run.ts";
import { previewCsvImport } from "../../core/import/csv-import-preview.ts";
import { SkippedRowsFile } from "../../core/import/skipped-rows-file.ts";
import { readCsvFileHeader } from "../../core/import/csv-file-header.ts";
import { columnMapWithChoices, parseColumnChoices, type ColumnMap } from "../../core/import/order-columns.ts";
import { DEFAULT_IMPORT_TIME_ZONE, type CsvImportProgress, type SkippedRow } from "../../core/import/csv-import-parts.ts";
import { isValidTimeZone } from "../../core/time/wall-clock.ts";
import { withDatabase, withDataDir } from "../data-dir.ts";
import { UsageError } from "../program.ts";
import { createProgressReporter } from "../progress.ts";
import { createTable } from "../table.ts";
import { formatCount } from "../../contracts/counts.ts";
import { describeCustomerChanges } from "../customer-changes.ts";
import { fileProblem } from "../../core/errors.ts";

interface ImportFlags {
  tz: string;
  dryRun?: boolean;
  json?: boolean;
  errorsOut?: string;
  map: string[];
  dataDir?: string;
}

/** Rows read, then, by an import that writes customer by customer once every row is read, orders written. */
function describeAmount({ ordersWritten, bytesRead, totalBytes, rowsRead, step }: CsvImportProgress) {
  if (ordersWritten !== undefined && step === undefined) return { done: ordersWritten.done, total: ordersWritten.total, count: ordersWritten.done, unit: "orders written" };
  return { done: bytesRead, total: totalBytes, count: rowsRead, unit: "rows" };
}

/** What the writer is at, beside the figures: its batches, the accounts of a step done in batches, a wait. */
function describeWriting({ batches, waitingForReaders, stepCounts }: CsvImportProgress): string | undefined {
  if (waitingForReaders) return "waiting for a long read of the database elsewhere to end (the WAL is full)";
  if (stepCounts) return `${formatCount(stepCounts.done)} of ${formatCount(stepCounts.total)} accounts`;
  return batches === undefined ? undefined : `batch ${formatCount(batches)}`;
}

export function importCsvCommand(): Command {
  return withDataDir(
    new Command("import-csv")
      .description("import ShipStation order exports (CSV): accounts, contacts and orders; a long import commits in batches and can be run again to finish")
      .argument("<file...>", "one or more CSV exports")
      .option("--tz <zone>", "time zone of dates without an offset", DEFAULT_IMPORT_TIME_ZONE)
      .option("--dry-run", "check and count everything, write nothing")
      .option("--json", "print only the import result as JSON on stdout")
      .option("--errors-out <file>", "write every skipped row to this CSV file: file, line, reason, order number and customer e-mail")
      .option(
        "--map <pairs>",
        'for an export whose columns are named otherwise, which holds what: "File header=CRM column" pairs separated by commas, the CRM column named as the upload dialog or ShipStation names it, e.g. --map "Placed On=Order date,E-mail=Customer Email"; columns not named are read by ShipStation\'s names (repeatable)',
        (pairs: string, earlier: string[]) => [...earlier, pairs],
        [],
      ),
  ).action((files: string[], flags: ImportFlags) => {
    if (!isValidTimeZone(flags.tz)) throw new UsageError(`--tz: unknown time zone "${flags.tz}"`);
    yieldCpuToStaff();
    const skippedRows = flags.errorsOut === undefined ? undefined : openSkippedRowsFile(flags.errorsOut);
    return withDatabase(flags, async ({ db }) => {
      try {
        await importFiles(db, files, flags, skippedRows);
      } finally {
        skippedRows?.close();
      }
    });
  });
}

async function importFiles(db: CrmDatabase, files: string[], flags: ImportFlags, skippedRows: SkippedRowsFile | undefined): Promise<void> {
  const progress = createProgressReporter();
  const options = {
    timeZone: flags.tz,
    onSkippedRow: skippedRows === undefined ? undefined : (row: SkippedRow) => skippedRows.write(row),
    onProgress: (current: CsvImportProgress) => progress.update({ ...describeAmount(current), step: current.step, detail: describeWriting(current) }),
  };
  const csvFiles = files.map((file) => ({ path: file, columnMap: columnMapFor(file, flags.map) }));
  if (flags.dryRun) {
    const result = previewCsvImport(db, csvFiles, options);
    progress.finish();
    process.stdout.write(flags.json ? `${JSON.stringify(result)}\n` : renderSummary(result, flags.errorsOut));
    return;
  }
  const outcome = await whileListeningForStop((signal) =>
    runCsvImport(db, csvFiles, {
      ...options,
      actor: COMMAND_LINE,
      signal,
      onWaiting: (running) => process.stderr.write(`Waiting for import #${running.id} (process ${running.pid}, started ${running.startedAt.toISOString()}) to finish...\n`),
    }),
  );
  if (outcome.stoppedBy !== undefined && outcome.state === "interrupted") {
    if (process.stderr.isTTY) process.stderr.write("\r\u001b[K");
    process.stderr.write(`crm: ${describeInterruption(outcome, outcome.stoppedBy)}\n`);
    process.exitCode = EXIT_ON_SIGNAL[outcome.stoppedBy];
    return;
  }
  progress.finish();
  process.stdout.write(flags.json ? `${JSON.stringify(outcome.result)}\n` : renderSummary(outcome.result, flags.errorsOut));
}

/** --map's choices over ShipStation's names in this file's header; no map without --map, as ever. */
function columnMapFor(file: string, map: string[]): ColumnMap | undefined {
  if (map.length === 0) return undefined;
  let choices: ColumnMap;
  try {
    choices = parseColumnChoices(map.join(","));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  return columnMapWithChoices(readCsvFileHeader(file).headers, choices);
}

/** --errors-out, refused before anything is imported when the path cannot be written. */
function openSkippedRowsFile(path: string): SkippedRowsFile {
  try {
    return new SkippedRowsFile(path);
  } catch (error) {
    throw new UsageError(`--errors-out: cannot write ${path}: ${fileProblem(error)}`);
  }
}

/**
 * An import is bulk work, and the server's staff work beside it: on a machine of two cores its two threads
 * (reading, writing) took the CPU that sign-ins and edits waited for. Niced, it gets a small share of a
 * busy core and all of an idle one. Set before the reader thread starts, which inherits it.
 */
const IMPORT_NICENESS = 10;

function yieldCpuToStaff(): void {
  if (getPriority() < IMPORT_NICENESS) setPriority(IMPORT_NICENESS);
}

/** A shell's code for a process ended by the signal: 128 + its number. */
const EXIT_ON_SIGNAL = { SIGINT: 130, SIGTERM: 143 } as const;
type StopSignal = keyof typeof EXIT_ON_SIGNAL;

/**
 * Runs the import with SIGINT and SIGTERM asking it to stop at its next commit rather than killing the
 * process; a second signal is not caught, and ends the process at once.
 */
async function whileListeningForStop(work: (signal: AbortSignal) => Promise<CsvImportRunOutcome>): Promise<CsvImportRunOutcome & { stoppedBy?: StopSignal }> {
  const stop = new AbortController();
  let stoppedBy: StopSignal | undefined;
  const listeners = (Object.keys(EXIT_ON_SIGNAL) as StopSignal[]).map((name) => {
    const listener = () => {
      stoppedBy = name;
      stop.abort();
      removeListeners();
    };
    process.on(name, listener);
    return [name, listener] as const;
  });
  const removeListeners = () => listeners.forEach(([name, listener]) => process.off(name, listener));
  try {
    return { ...(await work(stop.signal)), stoppedBy };
  } finally {
    removeListeners();
  }
}

function describeInterruption(outcome: CsvImportRunOutcome, signal: StopSignal): string {
  if (outcome.run === undefined) return `import stopped by ${signal} while waiting for another import; nothing was written`;
  if (outcome.writing === "one transaction") return `import #${outcome.run.id} stopped by ${signal}; nothing was written, run the same command again to import`;
  const { processed, ordersCreated, ordersUpdated } = outcome.result.results;
  return (
    `import #${outcome.run.id} stopped by ${signal} after ${formatCount(processed)} rows (${formatCount(ordersCreated + ordersUpdated)} orders written, each complete); ` +
    "run the same command again to finish"
  );
}

function renderSummary(result: CsvImportResult, errorsOut: string | undefined): string {
  const { results } = result;
  const table = createTable(["Import", "Count"]);
  table.push(
    ["Rows read", results.processed],
    ["Rows skipped", results.skipped],
    ["Accounts created", results.created],
    ["Accounts updated", results.updated],
    ["Orders created", results.ordersCreated],
    ["Orders updated", results.ordersUpdated],
    ["Orders already up to date", results.ordersUnchanged],
    ["Orders moved to another customer", results.customersChanged],
  );
  const errors = results.errors.length > 0 ? `\nSkipped rows:\n${results.errors.map((error) => `  ${error}`).join("\n")}\n${describeEverySkippedRow(results.skipped, errorsOut)}` : "";
  return `${result.message}\n${table.toString()}\n${errors}${describeCustomerChanges(results.customersChanged, results.customerChanges)}`;
}

/** Where to find every skipped row: the summary lists only the first ones. */
function describeEverySkippedRow(skipped: number, errorsOut: string | undefined): string {
  if (errorsOut !== undefined) return `Every skipped row (${formatCount(skipped)}) is in ${errorsOut}, with its line and reason.\n`;
  return skipped > REPORTED_ROW_ERRORS ? "Run again with --errors-out FILE to write every skipped row, with its line and reason, to a CSV file.\n" : "";
}
