import { beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { createAccount } from "../../core/accounts/accounts.ts";
import { saveBackupCopiesTarget } from "../../core/backups/backup-copies.ts";
import { listBackups } from "../../core/backups/backups.ts";
import { COMMAND_LINE } from "../../core/changes/actor.ts";
import { whenDatabaseFree } from "../../core/database/busy.ts";
import { registerOpener } from "../../core/database/openers.ts";
import { createNote } from "../../core/notes/notes.ts";
import { openCrmDatabase } from "../../core/startup/open-crm-database.ts";
import { exportCsv, itemRow } from "../../testing/shipstation-csv.ts";
import { CLI_TEST_TIMEOUT_MS, runCrm } from "../../testing/run-crm.ts";
import { S3_STAND_IN_ACCESS_KEY_ID, S3_STAND_IN_REGION, S3_STAND_IN_SECRET_ACCESS_KEY, startS3StandIn } from "../../testing/s3-stand-in.ts";
import { useTemporaryDirectory } from "../../testing/temporary-directory.ts";

setDefaultTimeout(CLI_TEST_TIMEOUT_MS * 2);

describe("crm backup and crm restore", () => {
  const dir = useTemporaryDirectory("crm-backup-");
  const dataDir = () => path.join(dir.path, "data");
  // The data is written by the command, in a process of its own: a CRM connection of this process stays
  // open while drizzle's prepared statements live, and restore would rightly refuse the directory.
  beforeEach(async () => {
    writeFileSync(path.join(dir.path, "orders.csv"), exportCsv([itemRow("SO-1", "front@riverside.org")]));
    expect((await crm("import-csv", path.join(dir.path, "orders.csv"))).exitCode).toBe(0);
  });

  const listedBackups = () => listBackups(dataDir()).map((backup) => backup.name);
  const crm = (...args: string[]) => runCrm([...args, "--data-dir", dataDir()]);
  const countsIn = (databaseDir: string) => {
    const database = new Database(path.join(databaseDir, "crm.db"), { readonly: true });
    try {
      return database.query<{ accounts: number; notes: number; orders: number }, []>(
        "SELECT (SELECT count(*) FROM accounts) AS accounts, (SELECT count(*) FROM notes) AS notes, (SELECT count(*) FROM orders) AS orders",
      ).get()!;
    } finally {
      database.close();
    }
  };

  test("a backup taken while another process writes holds every write made before it began, and restores whole into a new directory", async () => {
    const writer = openCrmDatabase(dataDir());
    const accountId = createAccount(writer.db, { name: "Walk-in Clinic" }, COMMAND_LINE).id;
    for (let note = 1; note <= 50; note++) createNote(writer.db, accountId, { content: `Before the backup ${note}` }, COMMAND_LINE);
    const out = path.join(dir.path, "nightly.db.gz");
    const backup = runCrm(["backup", "--out", out, "--json", "--data-dir", dataDir()]);
    // Notes go on being added while the backup runs.
    let during = 0;
    let running = true;
    void backup.finally(() => (running = false));
    while (running) {
      // As the server writes: tried again when the backup's own audit entry holds the write lock that moment.
      const content = `During the backup ${++during}`;
      await whenDatabaseFree(() => createNote(writer.db, accountId, { content }, COMMAND_LINE));
      await Bun.sleep(5);
    }
    writer.close();
    const taken = await backup;
    expect(taken.exitCode).toBe(0);
    const outcome = JSON.parse(taken.stdout) as { file: string; manifest: { counts: { accounts: number; notes: number; orders: number } } };
    expect(outcome.file).toBe(out);
    expect(outcome.manifest.counts.notes).toBeGreaterThanOrEqual(50);

    const elsewhere = path.join(dir.path, "elsewhere");
    const restored = await runCrm(["restore", out, "--data-dir", elsewhere]);
    expect(restored).toMatchObject({ exitCode: 0, stderr: "" });
    expect(restored.stdout).toContain("2 accounts, 1 contact, 1 order");
    const counts = countsIn(elsewhere);
    expect(counts).toEqual({ accounts: 2, notes: outcome.manifest.counts.notes, orders: 1 });
    const database = new Database(path.join(elsewhere, "crm.db"), { readonly: true });
    const notes = database.query<{ content: string }, []>("SELECT content FROM notes WHERE content LIKE 'Before the backup %'").all();
    expect(notes).toHaveLength(50);
    expect(database.query("SELECT name FROM sqlite_master WHERE name = 'backup_manifest'").get()).toBeNull();
    database.close();
  });

  test("a backup that cannot be written where asked says why in one line and exits 1, leaving nothing behind", async () => {
    // A file where the folder should be: no user, root included, can make a folder inside it.
    const notAFolder = path.join(dir.path, "not-a-folder");
    writeFileSync(notAFolder, "");
    const run = await crm("backup", "--out", path.join(notAFolder, "crm.db.gz"));
    expect(run).toMatchObject({ exitCode: 1, stdout: "" });
    expect(run.stderr).toBe(`crm: Cannot write a backup in ${notAFolder}: a file stands where a folder should\n`);
    expect(listedBackups()).toEqual([]);
  });

  test("restore keeps the database it replaces as a backup, and puts the backup's data back", async () => {
    const taken = await crm("backup");
    expect(taken.exitCode).toBe(0);
    const [backupName] = listedBackups();
    expect(backupName).toMatch(/^crm-manual-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.db\.gz$/);
    // Written by a plain connection, closed at once (see beforeEach).
    const later = new Database(path.join(dataDir(), "crm.db"));
    later.run("INSERT INTO accounts (name, added_by_hand, created_at, updated_at) VALUES ('Added after the backup', 1, 0, 0)");
    later.close();
    expect(countsIn(dataDir()).accounts).toBe(2);

    const restored = await crm("restore", path.join(dataDir(), "backups", backupName!));
    expect(restored).toMatchObject({ exitCode: 0, stderr: "" });
    expect(restored.stdout).toMatch(/The database it replaced is kept in .*crm-before-restore-.*\.db\.gz/);
    expect(countsIn(dataDir()).accounts).toBe(1);
    const kept = restored.stdout.match(/kept in (.*)\n/)![1]!;
    // The restored database's audit trail: the backup taken (before the copy was made, so not in it) is
    // not there; the restore is, naming the file kept of the database it replaced.
    const trail = new Database(path.join(dataDir(), "crm.db"), { readonly: true });
    const entries = trail.query<{ action: string; summary: string }, []>("SELECT action, summary FROM audit_log WHERE entity = 'backup' ORDER BY id").all();
    trail.close();
    expect(entries).toEqual([{ action: "backup_restored", summary: expect.stringContaining(`Backup ${backupName} (taken `) }]);
    expect(entries[0]!.summary).toContain(`the database it replaced kept as ${path.basename(kept)}`);
    const back = await crm("restore", kept);
    expect(back.exitCode).toBe(0);
    expect(countsIn(dataDir()).accounts).toBe(2);
  });

  test("a damaged database: every command says so and names crm restore, which sets the damaged file aside as it is and puts the backup in its place", async () => {
    expect((await crm("backup")).exitCode).toBe(0);
    const [backupName] = listedBackups();
    const database = path.join(dataDir(), "crm.db");
    for (const suffix of ["-wal", "-shm"]) rmSync(`${database}${suffix}`, { force: true });
    writeFileSync(database, "this is no longer a database, a disk fault later");

    const imports = await crm("imports");
    expect(imports).toMatchObject({ exitCode: 1, stdout: "" });
    expect(imports.stderr).toBe(`crm: ${database} is damaged or is not a database (SQLite: file is not a database): put a backup in its place with crm restore\n`);

    const restored = await crm("restore", path.join(dataDir(), "backups", backupName!));
    expect(restored).toMatchObject({ exitCode: 0, stderr: "" });
    const kept = restored.stdout.match(/The database it replaced is kept in (.*crm-damaged-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.db)\n/)![1]!;
    expect(readFileSync(kept, "utf8")).toBe("this is no longer a database, a disk fault later");
    expect(countsIn(dataDir()).accounts).toBe(1);
    // Not a backup: the list of backups leaves it out.
    expect(listedBackups()).toEqual([backupName!]);
  });

  test("restore refuses what is not a whole backup of this product, or of a newer one, and changes nothing", async () => {
    const refusals: [string, string | Buffer, RegExp][] = [
      ["garbage.db.gz", "not a backup", /is not a Supply CRM backup: it is not a gzip-compressed file, or it is cut short/],
      ["text.gz", gzipSync("accounts,orders\n"), /is not a Supply CRM backup: it does not hold a database/],
    ];
    const taken = JSON.parse((await crm("backup", "--json")).stdout) as { file: string };
    const whole = readFileSync(taken.file);
    refusals.push(["cut.db.gz", whole.subarray(0, whole.length / 2), /it is not a gzip-compressed file, or it is cut short/]);
    const newer = path.join(dir.path, "newer.db");
    writeFileSync(newer, gunzipSync(whole));
    const database = new Database(newer);
    database.run("UPDATE backup_manifest SET manifest = json_set(manifest, '$.migrations', 999, '$.appVersion', '9.0.0')");
    database.close();
    refusals.push(["newer.db.gz", gzipSync(readFileSync(newer)), /was taken by a newer version \(9\.0\.0\)/]);

    for (const [name, content, message] of refusals) {
      writeFileSync(path.join(dir.path, name), content);
      const refused = await crm("restore", path.join(dir.path, name));
      expect(refused.exitCode).toBe(1);
      expect(refused.stderr).toMatch(message);
      expect(refused.stderr.trim().split("\n")).toHaveLength(1);
    }
    expect((await crm("restore", path.join(dir.path, "missing.db.gz"))).stderr).toContain("No such backup file");
    expect(listedBackups()).toHaveLength(1);
    expect(readdirSync(dataDir()).filter((name) => name.startsWith(".restore-"))).toEqual([]);
    expect(countsIn(dataDir()).accounts).toBe(1);
  });

  test("restore refuses a data directory a server or another process has open, and says which", async () => {
    const { file } = JSON.parse((await crm("backup", "--json")).stdout) as { file: string };
    const server = openCrmDatabase(dataDir());
    const unregister = registerOpener(server.file, "server");
    try {
      const refused = await crm("restore", file);
      expect(refused.exitCode).toBe(1);
      expect(refused.stderr).toContain("is in use by a running crm serve; stop it, then restore");
      unregister();
      const beside = await crm("restore", file);
      expect(beside.stderr).toContain("is in use by another process");
    } finally {
      server.close();
    }
    expect(listedBackups()).toHaveLength(1);
    expect(existsSync(path.join(dataDir(), "crm.db"))).toBe(true);
  });

  test("a backup is copied off the machine when administrators set that up; a failed copy says so and exits 1, the backup kept", async () => {
    const storage = startS3StandIn("crm-backups");
    try {
      const copyTo = (endpoint: string) => {
        const opened = openCrmDatabase(dataDir());
        saveBackupCopiesTarget(opened.db, { endpoint, bucket: "crm-backups", region: S3_STAND_IN_REGION, prefix: "nightly/", accessKeyId: S3_STAND_IN_ACCESS_KEY_ID, secretAccessKey: S3_STAND_IN_SECRET_ACCESS_KEY });
        opened.close();
      };
      copyTo(storage.endpoint);
      const copied = await crm("backup");
      expect(copied.exitCode).toBe(0);
      const [taken] = listBackups(dataDir());
      expect(copied.stdout).toContain(`Copied off the machine as ${taken!.name}`);
      expect(storage.keys()).toEqual([`nightly/${taken!.name}`]);
      expect(Buffer.from(storage.object(`nightly/${taken!.name}`)!).equals(readFileSync(path.join(dataDir(), "backups", taken!.name)))).toBe(true);

      copyTo("http://127.0.0.1:1");
      const failed = await crm("backup");
      expect(failed.exitCode).toBe(1);
      expect(failed.stderr).toStartWith("crm: the backup is written, but copying it off the machine failed: Cannot reach http://127.0.0.1:1");
      expect(failed.stderr.trim().split("\n")).toHaveLength(1);
      expect(listBackups(dataDir())).toHaveLength(2);
    } finally {
      storage.stop();
    }
  });
});
