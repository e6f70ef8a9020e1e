import { Command } from "commander";
import { DEFAULT_BACKFILL_DAYS } from "../../contracts/backfill.ts";
import { beginBackfill, continueBackfill, type BackfillRun } from "../../core/shipstation/backfill.ts";
import { withDatabase, withDataDir } from "../data-dir.ts";
import { UsageError } from "../program.ts";
import { createTable } from "../table.ts";
import { formatCount } from "../../contracts/counts.ts";

interface BackfillFlags {
  days: string;
  modified?: boolean;
  json?: boolean;
  dataDir?: string;
}

export function backfillCommand(): Command {
  return withDataDir(
    new Command("backfill")
      .description("pull the last 1-90 days of orders from ShipStation's API, V1 or V2 as configured (for cron); one backfill runs at a time")
      .option("--days <n>", "how many days back, 1 to 90", String(DEFAULT_BACKFILL_DAYS))
      .option("--modified", "the orders modified in those days, not placed: picks up later changes such as cancellations")
      .option("--json", "print only the outcome as JSON on stdout"),
  ).action((flags: BackfillFlags) => {
    const days = Number(flags.days);
    if (!/^\d+$/.test(flags.days) || days < 1 || days > 90) throw new UsageError(`--days must be a whole number from 1 to 90, not "${flags.days}"`);
    return withDatabase(flags, async ({ db }) => {
      const run = beginBackfill(db, process.env, days, "cli");
      // SIGTERM (cron, systemd) stops between requests: what was written stays and the next run completes it.
      const abort = new AbortController();
      const stop = () => abort.abort();
      process.once("SIGTERM", stop);
      process.once("SIGINT", stop);
      const onTerminal = process.stderr.isTTY === true && !flags.json;
      const finished = await continueBackfill(db, process.env, run, {
        signal: abort.signal,
        by: flags.modified ? "modified" : "placed",
        onProgress: onTerminal ? (current) => process.stderr.write(`\rpage ${formatCount(current.pages)}: ${formatCount(current.ordersCreated)} new, ${formatCount(current.ordersUpdated)} updated orders\u001b[K`) : undefined,
      });
      process.off("SIGTERM", stop);
      process.off("SIGINT", stop);
      if (onTerminal) process.stderr.write("\r\u001b[K");
      process.stdout.write(flags.json ? `${JSON.stringify(summaryJson(finished))}\n` : renderSummary(finished));
      if (finished.state !== "succeeded") {
        process.stderr.write(`crm: backfill ${finished.state}: ${finished.error}\n`);
        process.exitCode = 1;
      }
    });
  });
}

function summaryJson(run: BackfillRun) {
  const { id, days, state, pages, ordersCreated, ordersUpdated, accountsCreated, ordersUnmatched, error } = run;
  return { id, days, state, pages, ordersCreated, ordersUpdated, accountsCreated, ordersUnmatched, error };
}

function renderSummary(run: BackfillRun): string {
  const table = createTable(["Backfill", `${run.days} days`]);
  table.push(["State", run.state], ["Pages", run.pages], ["Orders created", run.ordersCreated], ["Orders updated", run.ordersUpdated], ["Accounts created", run.accountsCreated], ["Orders without a customer e-mail (unmatched)", run.ordersUnmatched]);
  return `${table.toString()}\n`;
}
