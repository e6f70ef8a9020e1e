import { Argument, Command, Option } from "commander";
import { COMMAND_LINE } from "../../core/changes/actor.ts";
import { exportAccounts } from "../../core/accounts/account-export.ts";
import { accountOrderOf } from "../../core/accounts/account-list.ts";
import { requireKnownListType } from "../../core/lists/list-types.ts";
import { exportContacts } from "../../core/contacts/contact-export.ts";
import { writeCsvFile } from "../../core/csv/csv-writer.ts";
import type { CsvExport } from "../../core/csv/export-batches.ts";
import type { OpenedDatabase } from "../../core/database/open.ts";
import { DomainError } from "../../core/errors.ts";
import { exportOrders } from "../../core/orders/order-export.ts";
import { requireCalendarDate } from "../../core/time/business-calendar.ts";
import { ACCOUNT_SORTS, ACCOUNT_STATUSES, ACCOUNT_TIMEFRAMES, SORT_DIRECTIONS, type AccountFilterQuery } from "../../contracts/accounts.ts";
import { REORDER_BANDS } from "../../contracts/analytics.ts";
import { withDatabase, withDataDir } from "../data-dir.ts";
import { UsageError } from "../program.ts";
import { formatCount } from "../../contracts/counts.ts";

const EXPORTS = ["accounts", "contacts", "orders"] as const;
type ExportKind = (typeof EXPORTS)[number];

interface ExportFlags {
  out: string;
  list?: string;
  status?: AccountFilterQuery["status"];
  search?: string;
  timeframe?: AccountFilterQuery["timeframe"];
  duplicates?: boolean;
  firstOrderFrom?: string;
  firstOrderTo?: string;
  reorder?: AccountFilterQuery["reorder"];
  sort?: (typeof ACCOUNT_SORTS)[number];
  dir?: (typeof SORT_DIRECTIONS)[number];
  from?: string;
  to?: string;
  dataDir?: string;
}

/** The flags that only one kind of export takes, as commander names them. */
const FLAGS_OF: Record<ExportKind, (keyof ExportFlags)[]> = {
  accounts: ["list", "status", "search", "timeframe", "duplicates", "firstOrderFrom", "firstOrderTo", "reorder", "sort", "dir"],
  contacts: [],
  orders: ["from", "to"],
};

export function exportCommand(): Command {
  return withDataDir(
    new Command("export")
      .description("write accounts (filtered and sorted as the accounts table), contacts or orders to a CSV file for Excel (UTF-8 with BOM)")
      .addArgument(new Argument("<what>", "what to export").choices(EXPORTS))
      .requiredOption("--out <file>", "the CSV file to write")
      .option("--list <key>", "accounts: only those in this list")
      .addOption(new Option("--status <status>", "accounts: by when they last ordered").choices(ACCOUNT_STATUSES))
      .option("--search <text>", "accounts: name, domain or e-mail contains this text")
      .addOption(new Option("--timeframe <days>", "accounts: customers since at most this many days").choices(ACCOUNT_TIMEFRAMES))
      .option("--duplicates", "accounts: only those with an open potential-duplicate pair")
      .option("--first-order-from <date>", "accounts: first order on or after this New York date, YYYY-MM-DD")
      .option("--first-order-to <date>", "accounts: first order on or before this New York date, YYYY-MM-DD")
      .addOption(new Option("--reorder <band>", "accounts: in this reorder band today").choices(REORDER_BANDS))
      .addOption(new Option("--sort <column>", "accounts: the column to sort by, name unless given").choices(ACCOUNT_SORTS))
      .addOption(new Option("--dir <direction>", "accounts: the sort's direction, asc unless given").choices(SORT_DIRECTIONS))
      .option("--from <date>", "orders: placed on or after this New York date, YYYY-MM-DD")
      .option("--to <date>", "orders: placed on or before this New York date, YYYY-MM-DD"),
  ).action((what: ExportKind, flags: ExportFlags) => {
    for (const kind of EXPORTS) {
      const misplaced = kind === what ? undefined : FLAGS_OF[kind].find((flag) => flags[flag] !== undefined);
      if (misplaced) throw new UsageError(`--${kebab(misplaced)} is for crm export ${kind}`);
    }
    for (const flag of ["firstOrderFrom", "firstOrderTo", "from", "to"] as const) {
      if (flags[flag] !== undefined) calendarDateFlag(`--${kebab(flag)}`, flags[flag]);
    }
    return withDatabase(flags, (opened) => {
      // Checked here too, so that a list not known is refused in the command line's words.
      if (flags.list !== undefined) requireKnownListType(opened.db, flags.list, "--list");
      const csv = EXPORT_OF[what](opened, flags);
      writeCsvFile(flags.out, csv.chunks);
      process.stdout.write(`Exported ${formatCount(csv.rows)} ${csv.rows === 1 ? what.slice(0, -1) : what} to ${flags.out}\n`);
    });
  });
}

const EXPORT_OF: Record<ExportKind, (opened: OpenedDatabase, flags: ExportFlags) => CsvExport> = {
  accounts: ({ db }, flags) =>
    exportAccounts(
      db,
      {
        allMatching: {
          list: flags.list,
          status: flags.status,
          q: flags.search,
          timeframe: flags.timeframe,
          showDuplicates: flags.duplicates,
          from: flags.firstOrderFrom,
          to: flags.firstOrderTo,
          reorder: flags.reorder,
        },
      },
      accountOrderOf(flags),
      COMMAND_LINE,
    ),
  contacts: ({ db }) => exportContacts(db, COMMAND_LINE),
  orders: ({ db }, flags) => exportOrders(db, { from: flags.from, to: flags.to }, COMMAND_LINE),
};

/** A date flag is checked before the database is opened: a wrong one is bad usage. */
function calendarDateFlag(flag: string, value: string): void {
  try {
    requireCalendarDate(flag, value);
  } catch (error) {
    throw error instanceof DomainError ? new UsageError(error.message) : error;
  }
}

function kebab(flag: string): string {
  return flag.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
