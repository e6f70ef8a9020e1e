import { Command } from "commander";
import packageJson from "../../../package.json" with { type: "json" };
import { formatCount } from "../../contracts/counts.ts";
import { describeBackupCounts, restoreBackup } from "../../core/backups/backups.ts";
import { COMMAND_LINE } from "../../core/changes/actor.ts";
import { resolveDataDir, withDataDir } from "../data-dir.ts";

interface RestoreFlags {
  json?: boolean;
  dataDir?: string;
}

export function restoreCommand(): Command {
  return withDataDir(
    new Command("restore")
      .description("put a backup in place of the database, keeping the current one as a backup first; refused while a server or import has it open")
      .argument("<file>", "a backup written by crm backup")
      .option("--json", "print only the result as JSON on stdout"),
  ).action(async (file: string, flags: RestoreFlags) => {
    const dataDir = resolveDataDir(flags);
    const { manifest, keptAs, attachmentFiles } = await restoreBackup(dataDir, file, packageJson.version, COMMAND_LINE);
    if (flags.json) {
      process.stdout.write(`${JSON.stringify({ manifest, keptAs, attachmentFiles })}\n`);
      return;
    }
    process.stdout.write(`Restored the backup taken ${manifest.takenAt.replace("T", " ").slice(0, 19)} UTC by crm ${manifest.appVersion}: ${describeBackupCounts(manifest.counts)}\n`);
    if (attachmentFiles.restored > 0) process.stdout.write(`E-mail attachments' files put back: ${formatCount(attachmentFiles.restored)}\n`);
    // A backup from before backups held them, or a file removed by hand before it was taken.
    if (attachmentFiles.missing > 0) process.stdout.write(`E-mail attachments without a file in the backup (listed without one): ${formatCount(attachmentFiles.missing)}\n`);
    if (keptAs) process.stdout.write(`The database it replaced is kept in ${keptAs}\n`);
  });
}
