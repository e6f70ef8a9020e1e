/**
 * bun bench/backup.ts — `crm backup` of the 100,000-account, 1,000,000-order benchmark database while this
 * process writes a setting every 20 ms, as a command beside it would (waiting the way SQLite does):
 * how long the backup takes, how large it is, and the longest any of those writes waited (target
 * 250 ms: a backup reads one snapshot and never takes the write lock). Then `crm restore` of it into an
 * empty directory, timed.
 */
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { benchmarkDatabase } from "./support/benchmark-database.ts";
import { CRM_BINARY, run } from "./support/crm-process.ts";

const WAIT_TARGET_MS = 250;

const { dataDir } = benchmarkDatabase();
const work = mkdtempSync(path.join(tmpdir(), "crm-bench-backup-"));
try {
  const file = path.join(work, "backup.db.gz");
  const writer = new Database(path.join(dataDir, "crm.db"));
  // As the CRM's own connections are: in WAL mode a commit then waits for no disk write.
  writer.run("PRAGMA busy_timeout = 5000");
  writer.run("PRAGMA synchronous = NORMAL");
  const write = writer.query("INSERT INTO settings (key, value) VALUES ('benchBackup', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value");
  const waitsMs: number[] = [];
  let backingUp = true;
  const started = performance.now();
  const backup = run([CRM_BINARY, "backup", "--out", file, "--json", "--data-dir", dataDir]).finally(() => (backingUp = false));
  while (backingUp) {
    const before = performance.now();
    write.run(`write ${waitsMs.length}`);
    waitsMs.push(performance.now() - before);
    await Bun.sleep(20);
  }
  await backup;
  const backupMs = performance.now() - started;
  writer.run("DELETE FROM settings WHERE key = 'benchBackup'");
  writer.close();
  const databaseBytes = statSync(path.join(dataDir, "crm.db")).size;
  const longest = Math.max(...waitsMs);
  console.log(
    `crm backup: ${(backupMs / 1000).toFixed(2)} s, ${(statSync(file).size / 1_048_576).toFixed(0)} MiB compressed from a ${(databaseBytes / 1_048_576).toFixed(0)} MiB database; ` +
      `${waitsMs.length} writes beside it waited at most ${longest.toFixed(1)} ms (target <= ${WAIT_TARGET_MS} ms ${longest <= WAIT_TARGET_MS ? "met" : "MISSED"})`,
  );
  const restoreStarted = performance.now();
  await run([CRM_BINARY, "restore", file, "--json", "--data-dir", path.join(work, "restored")]);
  console.log(`crm restore into an empty directory: ${((performance.now() - restoreStarted) / 1000).toFixed(2)} s`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
