import { Command } from "commander";
import packageJson from "../../../package.json" with { type: "json" };
import { COMMAND_LINE } from "../../core/changes/actor.ts";
import { defaultBackupFile, describeBackupCounts, takeBackup } from "../../core/backups/backups.ts";
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
      .option("--out <file>", "the backup file to write (default DATA_DIR/backups/crm-backup-<time>.db.gz)")
      .option("--json", "print only the result as JSON on stdout"),
  ).action((flags: BackupFlags) =>
    withDatabase(flags, async ({ db }) => {
      const outcome = await takeBackup(db, flags.out ?? defaultBackupFile(resolveDataDir(flags)), packageJson.version, { actor: COMMAND_LINE, kind: "manual" });
      if (flags.json) {
        process.stdout.write(`${JSON.stringify(outcome)}\n`);
        return;
      }
      process.stdout.write(`Backup written to ${outcome.file} (${(outcome.bytes / 1_048_576).toFixed(1)} MB): ${describeBackupCounts(outcome.manifest.counts)}\n`);
    }),
  );
}
