import { afterEach, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { takeBackupLock } from "../../core/backups/backup-lock.ts";
import { backupsDirectory } from "../../core/backups/backup-taking.ts";
import { listBackups } from "../../core/backups/backups.ts";
import { builtCrm } from "../../testing/built-crm.ts";
import { CLI_TEST_TIMEOUT_MS, runCrm } from "../../testing/run-crm.ts";
import { exportCsv, itemRow } from "../../testing/shipstation-csv.ts";
import { temporaryDirectory, type TemporaryDirectory } from "../../testing/temporary-directory.ts";

setDefaultTimeout(CLI_TEST_TIMEOUT_MS * 6);

const NOTE_WRITER = path.join(import.meta.dir, "../../testing/note-writer.ts");

/** crm backup beside the processes that use the data directory: writers, an import, a backup killed midway, another backup. */
describe("crm backup beside others", () => {
  let dir: TemporaryDirectory;
  const dataDir = () => path.join(dir.path, "data");
  const children: Bun.Subprocess[] = [];
  beforeEach(() => {
    dir = temporaryDirectory("crm-backup-beside-");
  });
  afterEach(() => {
    for (const child of children.splice(0)) child.kill("SIGKILL");
    dir.dispose();
  });

  const crm = (...args: string[]) => runCrm([...args, "--data-dir", dataDir()]);
  const query = <T>(file: string, sql: string): T => {
    const database = new Database(file, { readonly: true });
    try {
      return database.query(sql).get() as T;
    } finally {
      database.close();
    }
  };

  test("a backup taken while 8 writers add notes and an import runs restores whole, with every note acknowledged before it began", async () => {
    expect((await crm("migrate")).exitCode).toBe(0);
    const acknowledged: string[] = [];
    const writers = Array.from({ length: 8 }, (_, index) => {
      const writer = Bun.spawn([process.execPath, NOTE_WRITER, dataDir(), `writer-${index + 1}`], { stdout: "pipe", stderr: "pipe" });
      children.push(writer);
      void readLines(writer.stdout, (line) => acknowledged.push(line));
      return writer;
    });
    // Every writer has had notes committed: all eight are writing.
    await until(() => writers.every((_, index) => acknowledged.some((line) => line.startsWith(`writer-${index + 1} `))));
    // Enough orders that the import, in short batches beside the writers, is still writing when the backup begins.
    const csv = path.join(dir.path, "orders.csv");
    writeFileSync(csv, exportCsv(Array.from({ length: 20_000 }, (_, row) => itemRow(`SO-${row + 1}`, `buyer${row % 2_000}@clinic${row % 2_000}.example`))));
    const importing = crm("import-csv", csv);
    await until(() => query<{ n: number } | null>(path.join(dataDir(), "crm.db"), "SELECT count(*) AS n FROM import_runs WHERE state = 'running' AND batches > 0")?.n === 1);
    // Each line was printed after its note's transaction committed, and read here before the backup started.
    const beforeTheBackup = [...acknowledged];
    const backup = await crm("backup", "--json");
    expect(backup).toMatchObject({ exitCode: 0, stderr: "" });
    expect(writers.every((writer) => writer.exitCode === null)).toBe(true);
    for (const writer of writers) writer.kill("SIGKILL");
    expect((await importing).exitCode).toBe(0);

    const { file, manifest } = JSON.parse(backup.stdout) as { file: string; manifest: { counts: { notes: number; orders: number } } };
    const elsewhere = path.join(dir.path, "restored");
    expect((await runCrm(["restore", file, "--data-dir", elsewhere])).exitCode).toBe(0);
    const restored = new Database(path.join(elsewhere, "crm.db"), { readonly: true });
    try {
      expect(restored.query("PRAGMA integrity_check").all()).toEqual([{ integrity_check: "ok" }]);
      expect(restored.query("PRAGMA foreign_key_check").all()).toEqual([]);
      const notes = new Set(restored.query<{ content: string }, []>("SELECT content FROM notes").all().map((note) => note.content));
      expect(beforeTheBackup.filter((content) => !notes.has(content))).toEqual([]);
      expect(notes.size).toBe(manifest.counts.notes);
      // The orders of whole batches: every one the backup holds has its account's figures counted with it.
      expect(restored.query("SELECT count(*) AS n FROM orders").get()).toEqual({ n: manifest.counts.orders });
      expect(restored.query("SELECT count(*) AS n FROM accounts a WHERE a.order_count <> (SELECT count(*) FROM orders o WHERE o.account_id = a.id)").get()).toEqual({ n: 0 });
    } finally {
      restored.close();
    }
  });

  test("a backup killed midway leaves no file that is listed, and the next backup removes what it left", async () => {
    expect((await crm("migrate")).exitCode).toBe(0);
    // 60 MB that does not compress: the copy and its compression take seconds, long enough to be killed during.
    const database = new Database(path.join(dataDir(), "crm.db"));
    database.run("CREATE TABLE ballast (bytes BLOB)");
    database.run("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 15000) INSERT INTO ballast SELECT randomblob(4000) FROM n");
    database.close();

    const backup = Bun.spawn([builtCrm(), "backup", "--data-dir", dataDir()], { stdout: "pipe", stderr: "pipe" });
    children.push(backup);
    const workFolders = () => (existsSync(backupsDirectory(dataDir())) ? readdirSync(backupsDirectory(dataDir())).filter((name) => name.startsWith(".backup-")) : []);
    await until(() => workFolders().length === 1, 1);
    backup.kill("SIGKILL");
    await backup.exited;
    expect(workFolders()).toHaveLength(1);
    expect(listBackups(dataDir())).toEqual([]);

    const next = await crm("backup", "--json");
    expect(next.exitCode).toBe(0);
    expect(workFolders()).toEqual([]);
    expect(listBackups(dataDir()).map((listed) => listed.name)).toEqual([path.basename((JSON.parse(next.stdout) as { file: string }).file)]);
  });

  test("a backup or a restore while another process takes a backup is refused in one line, and goes once it has ended", async () => {
    expect((await crm("backup")).exitCode).toBe(0);
    const [taken] = listBackups(dataDir());
    // As a server taking its daily backup holds it.
    const lock = takeBackupLock(backupsDirectory(dataDir()));
    try {
      for (const refused of [await crm("backup"), await crm("restore", path.join(backupsDirectory(dataDir()), taken!.name))]) {
        expect(refused).toMatchObject({ exitCode: 1, stdout: "", stderr: "crm: A backup is already being taken\n" });
      }
    } finally {
      lock.release();
    }
    expect(listBackups(dataDir())).toHaveLength(1);
    expect((await crm("backup")).exitCode).toBe(0);
    expect(listBackups(dataDir())).toHaveLength(2);
  });

  test("the lock of a backup killed midway goes with its process", async () => {
    expect((await crm("migrate")).exitCode).toBe(0);
    // A process that takes the lock, says so, and is killed holding it (kept in a global: a lock nothing refers to may be collected, and closed).
    const holder = Bun.spawn(
      [process.execPath, "-e", `const { takeBackupLock } = await import(${JSON.stringify(path.join(import.meta.dir, "../../core/backups/backup-lock.ts"))}); globalThis.held = takeBackupLock(${JSON.stringify(backupsDirectory(dataDir()))}); console.log("held"); await Bun.sleep(600_000);`],
      { stdout: "pipe", stderr: "pipe" },
    );
    children.push(holder);
    let said = "";
    await readLines(holder.stdout, (line) => (said = line), () => said === "held");
    expect((await crm("backup")).stderr).toBe("crm: A backup is already being taken\n");
    holder.kill("SIGKILL");
    await holder.exited;
    expect((await crm("backup")).exitCode).toBe(0);
  });
});

/** Checks `condition` every `everyMs` until it holds (the other processes get on at their own pace), failing after a minute. */
async function until(condition: () => boolean, everyMs = 20): Promise<void> {
  const giveUpAt = Date.now() + 60_000;
  while (!condition()) {
    if (Date.now() > giveUpAt) throw new Error(`Still not so after a minute: ${condition}`);
    await Bun.sleep(everyMs);
  }
}

/** Calls `onLine` with each line a process prints, until it ends or `done` says enough. */
async function readLines(stream: ReadableStream<Uint8Array>, onLine: (line: string) => void, done: () => boolean = () => false): Promise<void> {
  const decoder = new TextDecoder();
  let pending = "";
  for await (const chunk of stream) {
    pending += decoder.decode(chunk, { stream: true });
    const lines = pending.split("\n");
    pending = lines.pop()!;
    for (const line of lines) onLine(line);
    if (done()) return;
  }
}
