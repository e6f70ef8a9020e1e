import { Command } from "commander";
import { readFileSync, writeFileSync } from "node:fs";
import { COMMAND_LINE } from "../../core/activity/actor.ts";
import { bulkAssignList } from "../../core/lists/bulk-assign.ts";
import { extractEmails } from "../../core/lists/extract-emails.ts";
import { withDatabase, withDataDir } from "../data-dir.ts";
import { UsageError } from "../program.ts";
import { createTable } from "../table.ts";

interface AssignListsFlags {
  list: string;
  dryRun?: boolean;
  notFoundOut?: string;
  dataDir?: string;
}

export function assignListsCommand(): Command {
  return withDataDir(
    new Command("assign-lists")
      .description("put the accounts matching e-mails (their own or a contact's) into a list; e-mails come from a file or standard input")
      .argument("[file]", "text or CSV holding e-mail addresses; - or nothing reads standard input")
      .requiredOption("--list <key>", "the list's key: new, active, legacy or a custom list's")
      .option("--dry-run", "report what would change, change nothing")
      .option("--not-found-out <file>", "write the e-mails that matched no account to this file instead of printing them"),
  ).action((file: string | undefined, flags: AssignListsFlags) => {
    const emails = extractEmails(readInput(file));
    if (emails.length === 0) throw new UsageError("no e-mail addresses found in the input");
    return withDatabase(flags, ({ db }) => {
      // The API's per-call limit protects the server; at the terminal any file size is fine, in one transaction.
      const result = bulkAssignList(db, { emails, listType: flags.list }, COMMAND_LINE, { dryRun: flags.dryRun, maxEmails: Number.POSITIVE_INFINITY });
      const { totalEmails, accountsFound, accountsUpdated, notFoundEmails } = result.results;
      const table = createTable(["Assignment", "Count"]);
      table.push(["E-mails read", totalEmails], ["Accounts found", accountsFound], ["Accounts moved", accountsUpdated], ["E-mails not found", notFoundEmails.length]);
      process.stdout.write(`${result.message}\n${table.toString()}\n`);
      if (flags.notFoundOut) {
        writeFileSync(flags.notFoundOut, notFoundEmails.map((email) => `${email}\n`).join(""));
        process.stdout.write(`Not-found e-mails written to ${flags.notFoundOut}\n`);
      } else if (notFoundEmails.length > 0) {
        process.stdout.write(`Not found:\n${notFoundEmails.map((email) => `  ${email}`).join("\n")}\n`);
      }
    });
  });
}

function readInput(file: string | undefined): string {
  if (file === undefined || file === "-") return readFileSync(0, "utf8");
  try {
    return readFileSync(file, "utf8");
  } catch {
    throw new UsageError(`cannot read ${file}`);
  }
}
