import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { S3_STAND_IN_ACCESS_KEY_ID, S3_STAND_IN_REGION, S3_STAND_IN_SECRET_ACCESS_KEY, startS3StandIn } from "../../testing/s3-stand-in.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { checkBackupCopiesConnection, copyBackupOffMachine, describeBackupCopies, saveBackupCopiesTarget, stopBackupCopies } from "./backup-copies.ts";

let storage: ReturnType<typeof startS3StandIn>;
let database: ReturnType<typeof temporaryDatabase>;

beforeEach(() => {
  storage = startS3StandIn("crm-backups");
  database = temporaryDatabase();
});
afterEach(() => {
  storage.stop();
  database.dispose();
});

const target = (overrides: Partial<Parameters<typeof saveBackupCopiesTarget>[1]> = {}) => ({
  endpoint: storage.endpoint,
  bucket: "crm-backups",
  region: S3_STAND_IN_REGION,
  prefix: "acme",
  accessKeyId: S3_STAND_IN_ACCESS_KEY_ID,
  secretAccessKey: S3_STAND_IN_SECRET_ACCESS_KEY,
  ...overrides,
});

/** A file in DATA_DIR/backups with a backup's name: what is copied is the file, whatever it holds. */
function backupFile(name: string, bytes = 64): string {
  mkdirSync(path.join(database.dataDir, "backups"), { recursive: true });
  const file = path.join(database.dataDir, "backups", name);
  writeFileSync(file, new Uint8Array(bytes).fill(7));
  return file;
}

const copy = (file: string) => copyBackupOffMachine(database.db, database.dataDir, file);

describe("copies of the backups in S3-compatible storage", () => {
  test("nothing is copied until a target is saved", async () => {
    expect(describeBackupCopies(database.db)).toEqual({ target: null, status: { state: "not_configured", checkedAt: null, message: null }, lastCopy: null });
    expect(await copy(backupFile("crm-manual-2026-11-28T02-00-00Z.db.gz"))).toBeNull();
    expect(storage.keys()).toEqual([]);
  });

  test("the secret is saved but never described; left out, the saved one is kept", () => {
    saveBackupCopiesTarget(database.db, target());
    const described = saveBackupCopiesTarget(database.db, target({ secretAccessKey: undefined, prefix: "" }));
    expect(JSON.stringify(described)).not.toContain(S3_STAND_IN_SECRET_ACCESS_KEY);
    expect(described.target).toEqual({ endpoint: storage.endpoint, bucket: "crm-backups", region: S3_STAND_IN_REGION, prefix: "", accessKeyId: S3_STAND_IN_ACCESS_KEY_ID });
    expect(described.status.state).toBe("unchecked");
  });

  test("a first target without a secret is refused, naming the field", () => {
    expect(() => saveBackupCopiesTarget(database.db, target({ secretAccessKey: undefined }))).toThrow(expect.objectContaining({ field: "secretAccessKey" }));
  });

  test("Test Connection writes, lists and deletes a probe, leaving nothing behind", async () => {
    saveBackupCopiesTarget(database.db, target());
    const checked = await checkBackupCopiesConnection(database.db);
    expect(checked.status).toMatchObject({ state: "connected", message: null });
    expect(storage.keys()).toEqual([]);
  });

  test("Test Connection says in words why the storage refused", async () => {
    saveBackupCopiesTarget(database.db, target({ secretAccessKey: "not-the-secret" }));
    expect((await checkBackupCopiesConnection(database.db)).status).toMatchObject({ state: "error", message: expect.stringContaining("refused the access key (SignatureDoesNotMatch)") });
    saveBackupCopiesTarget(database.db, target({ bucket: "another-bucket" }));
    expect((await checkBackupCopiesConnection(database.db)).status.message).toContain("There is no bucket another-bucket");
  });

  test("a backup is copied whole under the prefix, a large one in parts", async () => {
    saveBackupCopiesTarget(database.db, target());
    const large = backupFile("crm-manual-2026-11-28T02-00-00Z.db.gz", 12 * 1024 * 1024 + 5);
    const copied = await copy(large);
    expect(copied).toMatchObject({ name: "crm-manual-2026-11-28T02-00-00Z.db.gz", error: null });
    expect(storage.keys()).toEqual(["acme/crm-manual-2026-11-28T02-00-00Z.db.gz"]);
    expect(Buffer.from(storage.object("acme/crm-manual-2026-11-28T02-00-00Z.db.gz")!).equals(Buffer.from(await Bun.file(large).arrayBuffer()))).toBe(true);
    expect(describeBackupCopies(database.db).lastCopy).toEqual(copied);
  });

  test("daily backups' copies no longer kept on disk leave the bucket; other kinds stay", async () => {
    saveBackupCopiesTarget(database.db, target());
    // Two daily backups kept: each day's backup, then the oldest beyond two deleted from the disk.
    const days = ["2026-11-25", "2026-11-26", "2026-11-27"].map((day) => backupFile(`crm-scheduled-${day}T07-00-00Z.db.gz`));
    for (const [index, file] of days.entries()) {
      if (index >= 2) rmSync(days[index - 2]!);
      await copy(file);
    }
    await copy(backupFile("crm-before-clear-2026-11-27T15-00-00Z.db.gz"));
    expect(storage.keys()).toEqual([
      "acme/crm-before-clear-2026-11-27T15-00-00Z.db.gz",
      "acme/crm-scheduled-2026-11-26T07-00-00Z.db.gz",
      "acme/crm-scheduled-2026-11-27T07-00-00Z.db.gz",
    ]);
  });

  test("a failed copy is remembered, not thrown: the backup on disk is whole", async () => {
    saveBackupCopiesTarget(database.db, target({ endpoint: "http://127.0.0.1:1" }));
    const failed = await copy(backupFile("crm-manual-2026-11-28T02-00-00Z.db.gz"));
    expect(failed?.error).toContain("Cannot reach http://127.0.0.1:1");
    expect(describeBackupCopies(database.db).lastCopy).toEqual(failed);
  });

  test("stopping the copies forgets the target and its secret", () => {
    saveBackupCopiesTarget(database.db, target());
    expect(stopBackupCopies(database.db)).toEqual({ target: null, status: { state: "not_configured", checkedAt: null, message: null }, lastCopy: null });
  });
});
