import { Command } from "commander";
import { readFileSync } from "node:fs";
import { writeCsvFile } from "../../core/csv/csv-writer.ts";
import { COMMAND_LINE } from "../../core/changes/actor.ts";
import { fileProblem, invalid } from "../../core/errors.ts";
import { totalMoved } from "../../core/lifecycle/lifecycle-lists.ts";
import { LifecyclePass } from "../../core/lifecycle/lifecycle-pass.ts";
import { bulkAssignList } from "../../core/lists/bulk-assign.ts";
import { extractEmails } from "../../core/lists/extract-emails.ts";
import { BUILT_IN_LIST_KEYS } from "../../contracts/lists.ts";
import { listName, resolveListChoice } from "../../core/lists/list-types.ts";
import type { OpenedDatabase } from "../../core/database/open.ts";
import { withDatabase, withDataDir } from "../data-dir.ts";
import { UsageError } from "../program.ts";
import { formatCountOf } from "../../contracts/counts.ts";
import { createTable } from "../table.ts";

interface AssignListsFlags {
  list?: string;
  byActivity?: boolean;
  dryRun?: boolean;
  json?: boolean;
  notFoundOut?: string;
  dataDir?: string;
}

export function assignListsCommand(): Command {
  return withDataDir(
    new Command("assign-lists")
      .description(
        "put the accounts matching e-mails (their own or a contact's) into a list, or (--by-activity) place every account staff have not pinned by its order activity",
      )
      .argument("[file]", "with --list: text or CSV holding e-mail addresses; - or nothing reads standard input")
      .option("--list <key>", "the list's key: new, active, legacy, a custom list's, or automatic to hand the accounts back to the activity rules")
      .option("--by-activity", "apply the activity rules (New, Active, Legacy) to every account whose list is not pinned; safe beside a running server")
      .option("--dry-run", "report what would change, change nothing")
      .option("--json", "print only the result as JSON on stdout")
      .option("--not-found-out <file>", "with --list: write the e-mails that matched no account to this file instead of printing them"),
  ).action((file: string | undefined, flags: AssignListsFlags) => {
    if ((flags.byActivity === true) === (flags.list !== undefined)) throw new UsageError("give either --list <key> with e-mails, or --by-activity");
    if (flags.byActivity) {
      if (file !== undefined) throw new UsageError("--by-activity reads no e-mails");
      return withDatabase(flags, (opened) => placeByActivity(opened, flags));
    }
    const emails = extractEmails(readInput(file));
    if (emails.length === 0) throw new UsageError("no e-mail addresses found in the input");
    return withDatabase(flags, (opened) => assignByEmail(opened, emails, flags.list!, flags));
  });
}

/** The daily pass of `crm serve`, on demand: a batch of accounts per short transaction, beside a serving server. */
function placeByActivity({ db }: OpenedDatabase, flags: AssignListsFlags): void {
  const byList = new LifecyclePass(db, { dryRun: flags.dryRun }).runToEnd();
  const moved = totalMoved(byList);
  if (flags.json) {
    process.stdout.write(`${JSON.stringify({ moved, byList, dryRun: flags.dryRun === true })}\n`);
    return;
  }
  const table = createTable(["Moved into", "Accounts"]);
  for (const key of BUILT_IN_LIST_KEYS) table.push([listName(db, key), byList[key]]);
  table.push(["Total", moved]);
  const verb = flags.dryRun ? "Would move" : "Moved";
  process.stdout.write(`${verb} ${formatCountOf(moved, "account")} by order activity\n${table.toString()}\n`);
}

function assignByEmail({ db }: OpenedDatabase, emails: string[], list: string, flags: AssignListsFlags): void {
  // Checked here too, so that a list not known is refused in the command line's words.
  resolveListChoice(db, list, "--list");
  // The API's per-call limit protects the server; at the terminal any file size is fine, in one transaction.
  const result = bulkAssignList(db, { emails, listType: list }, COMMAND_LINE, { dryRun: flags.dryRun, maxEmails: Number.POSITIVE_INFINITY });
  const { totalEmails, emailsMatched, accountsFound, accountsUpdated, notFoundEmails } = result.results;
  // One e-mail a line: a CSV file of one column, without a header.
  if (flags.notFoundOut) writeCsvFile(flags.notFoundOut, [notFoundEmails.map((email) => `${email}\n`).join("")]);
  if (flags.json) {
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  const table = createTable(["Assignment", "Count"]);
  table.push(
    ["E-mails read", totalEmails],
    ["E-mails matched", emailsMatched],
    ["Accounts found", accountsFound],
    ["Accounts moved", accountsUpdated],
    ["E-mails not found", notFoundEmails.length],
  );
  process.stdout.write(`${result.message}\n${table.toString()}\n`);
  if (flags.notFoundOut) process.stdout.write(`Not-found e-mails written to ${flags.notFoundOut}\n`);
  else if (notFoundEmails.length > 0) process.stdout.write(`Not found:\n${notFoundEmails.map((email) => `  ${email}`).join("\n")}\n`);
}

function readInput(file: string | undefined): string {
  if (file === undefined || file === "-") return readFileSync(0, "utf8");
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    throw invalid("file", `Cannot read ${file}: ${fileProblem(error)}`);
  }
}
