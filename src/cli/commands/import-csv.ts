import { Command } from "commander";
import { COMMAND_LINE } from "../../core/activity/actor.ts";
import type { CsvImportResult } from "../../contracts/imports.ts";
import { importOrdersCsv, DEFAULT_IMPORT_TIME_ZONE } from "../../core/import/import-orders-csv.ts";
import { isValidTimeZone } from "../../core/time/wall-clock.ts";
import { withDatabase, withDataDir } from "../data-dir.ts";
import { UsageError } from "../program.ts";
import { createProgressReporter } from "../progress.ts";
import { createTable } from "../table.ts";

interface ImportFlags {
  tz: string;
  dryRun?: boolean;
  json?: boolean;
  dataDir?: string;
}

export function importCsvCommand(): Command {
  return withDataDir(
    new Command("import-csv")
      .description("import ShipStation order exports (CSV): accounts, contacts and orders, all files in one transaction")
      .argument("<file...>", "one or more CSV exports")
      .option("--tz <zone>", "time zone of dates without an offset", DEFAULT_IMPORT_TIME_ZONE)
      .option("--dry-run", "check and count everything, write nothing")
      .option("--json", "print only the import result as JSON on stdout"),
  ).action((files: string[], flags: ImportFlags) => {
    if (!isValidTimeZone(flags.tz)) throw new UsageError(`--tz: unknown time zone "${flags.tz}"`);
    return withDatabase(flags, ({ db }) => {
      const progress = createProgressReporter();
      const result = importOrdersCsv(
        db,
        files.map((file) => ({ path: file })),
        {
          timeZone: flags.tz,
          dryRun: flags.dryRun,
          actor: COMMAND_LINE,
          onProgress: ({ rowsRead, bytesRead, totalBytes, step }) => progress.update({ done: bytesRead, total: totalBytes, count: rowsRead, unit: "rows", step }),
        },
      );
      progress.finish();
      process.stdout.write(flags.json ? `${JSON.stringify(result)}\n` : renderSummary(result));
    });
  });
}

function renderSummary(result: CsvImportResult): string {
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
  );
  const errors = results.errors.length > 0 ? `\nSkipped rows:\n${results.errors.map((error) => `  ${error}`).join("\n")}\n` : "";
  return `${result.message}\n${table.toString()}\n${errors}`;
}
