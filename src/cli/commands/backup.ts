import { Command } from "commander";
import path from "node:path";
import packageJson from "../../../package.json" with { type: "json" };
import { formatCount, formatCountOf } from "../../contracts/counts.ts";
import { defaultBackupFile, takeBackup } from "../../core/backups/backup-taking.ts";
import { copyBackupOffMachine } from "../../core/backups/backup-copies.ts";
import { announceBackup, describeBackupCounts } from "../../core/backups/backups.ts";
import { COMMAND_LINE } from "../../core/changes/actor.ts";
import { DomainError } from "../../core/errors.ts";
import { resolveDataDir, withDatabase, withDataDir } from "../data-dir.ts";

interface BackupFlags {
  out?: string;
  json?: boolean;
  dataDir?: string;
}

export function backupCommand(): Command {
  return withDataDir(
    new Command("backup")
      .description("write a checked, compressed copy of the database, safe while the server and imports run (restore it with crm restore)")
      .option("--out <file>", "the backup file to write (default DATA_DIR/backups/crm-manual-<time>.db.gz)")
      .option("--json", "print only the result as JSON on stdout"),
  ).action((flags: BackupFlags) =>
    withDatabase(flags, async ({ db, sqlite }) => {
      const dataDir = resolveDataDir(flags);
      const outcome = takeBackup(sqlite, dataDir, flags.out ?? defaultBackupFile(dataDir, "manual"), packageJson.version, COMMAND_LINE);
      // Off the machine too, when administrators set that up (Settings → Off-site copies).
      await announceBackup(db, { action: "taken", kind: "manual", file: path.basename(outcome.file) }, COMMAND_LINE);
      const copy = await copyBackupOffMachine(db, dataDir, outcome.file);
      if (flags.json) process.stdout.write(`${JSON.stringify({ ...outcome, copy })}\n`);
      else {
        const files = outcome.manifest.attachmentFiles;
        process.stdout.write(
          `Backup written to ${outcome.file} (${(outcome.bytes / 1_048_576).toFixed(1)} MB): ${describeBackupCounts(outcome.manifest.counts)}, ${formatCountOf(files?.kept ?? 0, "e-mail attachment file")}\n` +
            // Removed from mail-attachments/ by hand: the backup cannot hold them.
            (files?.missing ? `E-mail attachment files missing from ${dataDir}, not in the backup: ${formatCount(files.missing)}\n` : "") +
            (copy && !copy.error ? `Copied off the machine as ${copy.name}\n` : ""),
        );
      }
      // The backup is whole, but cron must hear that its copy off the machine is not.
      if (copy?.error) throw new DomainError("unavailable", `the backup is written, but copying it off the machine failed: ${copy.error}`);
    }),
  );
}
