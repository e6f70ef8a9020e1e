import { Command } from "commander";
import { writeDemoShipStationExport } from "../../tools/demo-data/shipstation-file.ts";
import { UsageError } from "../program.ts";
import { formatCount } from "../../contracts/counts.ts";

interface DemoDataFlags {
  rows: string;
  out: string;
  seed: string;
  customers?: string;
  endDate?: string;
}

export function demoDataCommand(): Command {
  return new Command("demo-data")
    .description("write a realistic, deterministic ShipStation order export (CSV) for trials and benchmarks")
    .requiredOption("--rows <n>", "line-item rows to write")
    .requiredOption("--out <file>", "CSV file to write")
    .option("--seed <n>", "the same seed and options give the same file", "1")
    .option("--customers <n>", "customer e-mails, planted duplicates included (default: one per 10 rows)")
    .option("--end-date <yyyy-mm-dd>", "last day of the order history (default: today)")
    .action((flags: DemoDataFlags) => {
      const progress = process.stderr.isTTY ? (rows: number) => rows % 100_000 === 0 && process.stderr.write(`${formatCount(rows)} rows\n`) : undefined;
      const summary = writeDemoShipStationExport(
        {
          rows: wholeNumber("--rows", flags.rows),
          out: flags.out,
          seed: wholeNumber("--seed", flags.seed),
          customers: flags.customers === undefined ? undefined : wholeNumber("--customers", flags.customers),
          endDate: flags.endDate === undefined ? undefined : calendarDate(flags.endDate),
        },
        progress,
      );
      const count = (n: number, noun: string) => `${formatCount(n)} ${noun}${n === 1 ? "" : "s"}`;
      const contents = [
        count(summary.orders, "order"),
        count(summary.customers, "customer"),
        count(summary.plantedDuplicates.length, "planted duplicate"),
        count(summary.badRows, "bad row"),
      ];
      process.stdout.write(`Wrote ${count(summary.rows, "row")} (${contents.join(", ")}) to ${flags.out}\n`);
      const stores = Object.entries(summary.ordersByStore).map(([store, orders]) => `${formatCount(orders)} from ${store}`);
      const outcomes = [
        `${count(summary.ordersSharingNumber, "order")} sharing ${summary.ordersSharingNumber === 1 ? "its" : "their"} number with another store's order`,
        `${formatCount(summary.cancelledOrders)} cancelled`,
        `${formatCount(summary.rejectedOrders)} rejected (Rejected Fulfillment)`,
      ];
      process.stdout.write(`Orders: ${stores.join(", ")}; ${outcomes.join(", ")}\n`);
    });
}

function wholeNumber(flag: string, text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value)) throw new UsageError(`${flag} must be a whole number, not "${text}"`);
  return value;
}

function calendarDate(text: string): Date {
  const date = new Date(`${text}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) {
    throw new UsageError(`--end-date must be a date like 2026-11-15, not "${text}"`);
  }
  return date;
}
