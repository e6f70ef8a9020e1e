import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { chmodSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CLI_TEST_TIMEOUT_MS, runCrm } from "../testing/run-crm.ts";
import { useTemporaryDirectory } from "../testing/temporary-directory.ts";

setDefaultTimeout(CLI_TEST_TIMEOUT_MS);

describe("the data directory is its owner's alone", () => {
  const root = useTemporaryDirectory("crm-private-");

  const mode = (target: string) => (statSync(target).mode & 0o777).toString(8);

  test("a fresh data directory and its database are created 0700 and 0600", async () => {
    const dataDir = path.join(root.path, "data");
    const added = await runCrm(["user", "add", "--email", "ops@example.com", "--name", "Ops", "--role", "admin", "--password", "a long enough password", "--data-dir", dataDir]);
    expect(added).toMatchObject({ exitCode: 0, stderr: "" });
    expect(mode(dataDir)).toBe("700");
    // SQLite gives the WAL and its index the database file's own mode while they exist.
    expect(mode(path.join(dataDir, "crm.db"))).toBe("600");
  });

  test("files an older version left readable are tightened at start, with a line saying so; others are left alone", async () => {
    const dataDir = path.join(root.path, "data");
    expect((await runCrm(["migrate", "--data-dir", dataDir])).exitCode).toBe(0);
    mkdirSync(path.join(dataDir, "uploads"));
    writeFileSync(path.join(dataDir, "uploads", "left.csv"), "a,b\n");
    writeFileSync(path.join(dataDir, "notes.txt"), "not the CRM's");
    for (const [target, loose] of [[dataDir, 0o755], [path.join(dataDir, "crm.db"), 0o644], [path.join(dataDir, "uploads"), 0o755], [path.join(dataDir, "uploads", "left.csv"), 0o644], [path.join(dataDir, "notes.txt"), 0o644]] as const) {
      chmodSync(target, loose);
    }
    const listed = await runCrm(["user", "list", "--data-dir", dataDir]);
    expect(listed.exitCode).toBe(0);
    expect(listed.stderr).toBe(`crm: made 4 paths in ${dataDir} readable by their owner only (0600 files, 0700 directories): ., crm.db, uploads, uploads/left.csv\n`);
    expect([mode(dataDir), mode(path.join(dataDir, "crm.db")), mode(path.join(dataDir, "uploads")), mode(path.join(dataDir, "uploads", "left.csv"))]).toEqual(["700", "600", "700", "600"]);
    expect(mode(path.join(dataDir, "notes.txt"))).toBe("644");
    expect((await runCrm(["user", "list", "--data-dir", dataDir])).stderr).toBe("");
  });

  test("a file given as the data directory is a usage error, and is left as it was", async () => {
    const file = path.join(root.path, "orders.csv");
    writeFileSync(file, "a,b\n");
    chmodSync(file, 0o644);
    const run = await runCrm(["imports", "--data-dir", file]);
    expect(run).toMatchObject({ exitCode: 2, stdout: "", stderr: `crm: the data directory ${file} is a file: give a folder with --data-dir or CRM_DATA_DIR (one not there yet is made)\n` });
    expect(mode(file)).toBe("644");
  });
});
