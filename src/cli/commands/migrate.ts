import { Command } from "commander";
import { withDatabase, withDataDir } from "../data-dir.ts";

export function migrateCommand(): Command {
  return withDataDir(new Command("migrate").description("create the database or bring its schema up to date")).action(
    (options: { dataDir?: string }) =>
      withDatabase(options, ({ file, migrationsApplied }) => {
        const what = migrationsApplied === 0 ? "already up to date" : `${migrationsApplied} migration(s) applied`;
        process.stdout.write(`${file}: ${what}\n`);
      }),
  );
}
