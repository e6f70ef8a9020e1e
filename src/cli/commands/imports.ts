import path from "node:path";
import { Command } from "commander";
import { recentImportRuns, type ImportRunInHistory } from "../../core/import/import-history.ts";
import { withDatabase, withDataDir } from "../data-dir.ts";
import { UsageError } from "../program.ts";
import { createTable } from "../table.ts";
import { describeCustomerChanges } from "../customer-changes.ts";

interface ImportsFlags {
  limit: string;
  json?: boolean;
  dataDir?: string;
}

export function importsCommand(): Command {
  return withDataDir(
    new Command("imports")
      .description("list the latest imports, newest first: running, completed, failed or interrupted (run an interrupted one again to finish it)")
      .option("--limit <n>", "how many, 1 to 1000", "20")
      .option("--json", "print the runs as JSON on stdout"),
  ).action((flags: ImportsFlags) => {
    const limit = Number(flags.limit);
    if (!/^\d+$/.test(flags.limit) || limit < 1 || limit > 1000) throw new UsageError(`--limit must be a whole number from 1 to 1000, not "${flags.limit}"`);
    return withDatabase(flags, ({ db }) => {
      const runs = recentImportRuns(db, limit);
      if (flags.json) {
        process.stdout.write(`${JSON.stringify(runs.map(({ files, ...run }) => ({ ...run, files: JSON.parse(files) as string[] })))}\n`);
        return;
      }
      const table = createTable(["#", "Started", "Files", "State", "Rows", "Orders new", "Orders updated", "Moved customer", "Accounts new", "Batches", "Took", "Completes"]);
      for (const run of runs) {
        const files = (JSON.parse(run.files) as string[]).map((file) => path.basename(file)).join(", ");
        const completes = run.resumedRunIds.map((id) => `#${id}`).join(", ");
        table.push([run.id, run.startedAt.toISOString().replace("T", " ").slice(0, 19), files, run.state, run.rowsRead, run.ordersCreated, run.ordersUpdated, run.customersChanged, run.accountsCreated, run.batches, took(run), completes]);
      }
      const moves = runs.map((run) => describeCustomerChanges(run.customersChanged, run.customerChanges).replace("Orders moved", `Import #${run.id}: orders moved`)).join("");
      process.stdout.write(runs.length === 0 ? "No imports yet.\n" : `${table.toString()}\n${moves}`);
    });
  });
}

/** From the first start of the import (a run it completes may have begun it) to this run's end. */
function took(run: ImportRunInHistory): string {
  if (!run.finishedAt) return "";
  return `${Math.max(0, Math.round((run.finishedAt.getTime() - run.firstStartedAt.getTime()) / 1000))} s`;
}
