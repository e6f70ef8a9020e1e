import { Command, CommanderError } from "commander";
import packageJson from "../../package.json" with { type: "json" };
import { DomainError } from "../core/errors.ts";
import { assignListsCommand } from "./commands/assign-lists.ts";
import { backfillCommand } from "./commands/backfill.ts";
import { backupCommand } from "./commands/backup.ts";
import { demoDataCommand } from "./commands/demo-data.ts";
import { exportCommand } from "./commands/export.ts";
import { importCsvCommand } from "./commands/import-csv.ts";
import { importsCommand } from "./commands/imports.ts";
import { mailCommand } from "./commands/mail.ts";
import { migrateCommand } from "./commands/migrate.ts";
import { restoreCommand } from "./commands/restore.ts";
import { serveCommand } from "./commands/serve.ts";
import { userCommand } from "./commands/user.ts";

export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** Runs the `crm` command line and returns the exit code; errors become one line on stderr. */
export async function runCli(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === "number" ? process.exitCode : 0;
  } catch (error) {
    return reportFailure(error);
  }
}

export function buildProgram(): Command {
  const program = new Command("crm")
    .description("Supply CRM: customer accounts from ShipStation orders")
    .version(packageJson.version, "-v, --version")
    .showHelpAfterError("(run crm help for usage)")
    .exitOverride();
  for (const command of [serveCommand(), importCsvCommand(), importsCommand(), assignListsCommand(), exportCommand(), backfillCommand(), demoDataCommand(), migrateCommand(), backupCommand(), restoreCommand(), userCommand(), mailCommand()]) {
    program.addCommand(command);
  }
  // Subcommands inherit the override so that a usage error anywhere maps to exit code 2.
  program.commands.forEach(applyExitOverride);
  return program;
}

function applyExitOverride(command: Command): void {
  command.exitOverride();
  command.commands.forEach(applyExitOverride);
}

function reportFailure(error: unknown): number {
  if (error instanceof CommanderError) {
    // Commander has already printed its message; help and version are not failures.
    if (error.code === "commander.helpDisplayed" || error.code === "commander.version" || error.code === "commander.help") return 0;
    return error.exitCode === 0 ? 0 : EXIT_USAGE;
  }
  if (error instanceof UsageError) {
    process.stderr.write(`crm: ${error.message}\n`);
    return EXIT_USAGE;
  }
  if (error instanceof DomainError) {
    process.stderr.write(`crm: ${error.message}\n`);
    return EXIT_FAILURE;
  }
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`crm: ${message}\n`);
  return EXIT_FAILURE;
}

/** A flag value that makes no sense: the command was used wrongly (exit code 2). */
export class UsageError extends Error {}
