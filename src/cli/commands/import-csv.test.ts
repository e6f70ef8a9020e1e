import { afterEach, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Database } from "bun:sqlite";
import { CLI_TEST_TIMEOUT_MS, runCrm } from "../../testing/run-crm.ts";
import { exportCsv, itemRow } from "../../testing/shipstation-csv.ts";

setDefaultTimeout(CLI_TEST_TIMEOUT_MS);

describe("crm import-csv", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "crm-import-cli-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const dataDir = () => path.join(dir, "data");
  const crm = (...args: string[]) => runCrm([...args, "--data-dir", dataDir()]);
  function csvFile(name: string, text: string): string {
    const filePath = path.join(dir, name);
    writeFileSync(filePath, text);
    return filePath;
  }
  function count(table: string): number {
    const db = new Database(path.join(dataDir(), "crm.db"), { readonly: true });
    try {
      return (db.query(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    } finally {
      db.close();
    }
  }

  test("--json prints only the import result on stdout", async () => {
    const file = csvFile("orders.csv", exportCsv([itemRow("1", "a@clinic.com"), itemRow("2", "b@lab.com"), itemRow("3", "broken")]));
    const run = await crm("import-csv", file, "--json");
    expect(run.exitCode).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      message: "Imported 2 orders for 2 accounts (2 new); 1 row skipped",
      results: { processed: 3, created: 2, updated: 0, ordersCreated: 2, ordersUpdated: 0, ordersUnchanged: 0, skipped: 1, errors: ['Row 4: invalid customer e-mail "broken"'] },
    });
  });

  test("prints a summary table and the skipped rows; a second run reports no changes", async () => {
    const file = csvFile("orders.csv", exportCsv([itemRow("1", "a@clinic.com"), itemRow("2", "broken")]));
    const first = await crm("import-csv", file);
    expect(first.exitCode).toBe(0);
    expect(first.stdout).toContain("Imported 1 order for 1 account (1 new); 1 row skipped");
    expect(first.stdout).toMatch(/│ Orders created +│ 1 +│/);
    expect(first.stdout).toContain('Row 3: invalid customer e-mail "broken"');
    const second = await crm("import-csv", file);
    expect(second.stdout).toMatch(/│ Orders created +│ 0 +│/);
    expect(second.stdout).toMatch(/│ Orders already up to date +│ 1 +│/);
  });

  test("the summary writes counts with thousands separators; progress in a log names the closing steps and ends with a line", async () => {
    const file = csvFile("orders.csv", exportCsv(Array.from({ length: 1_200 }, (_, i) => itemRow(`SO-${i}`, `buyer${i % 1_100}@clinic.com`))));
    const run = await crm("import-csv", file);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/│ Rows read +│ 1,200 +│/);
    expect(run.stdout).toMatch(/│ Accounts created +│ 1,100 +│/);
    expect(run.stdout).toMatch(/│ Orders created +│ 1,200 +│/);

    const lines = run.stderr.trimEnd().split("\n");
    expect(lines).toContain("100%  1,200 rows  finishing: recounting account statistics");
    expect(lines).toContain("100%  1,200 rows  finishing: committing");
    expect(lines.at(-1)).toMatch(/^100%  1,200 rows  done in \d+s$/);
  });

  test("--dry-run counts and writes nothing", async () => {
    const file = csvFile("orders.csv", exportCsv([itemRow("1", "a@clinic.com")]));
    const run = await crm("import-csv", file, "--dry-run", "--json");
    expect(JSON.parse(run.stdout).results.ordersCreated).toBe(1);
    expect(count("orders")).toBe(0);
  });

  test("a rejected file exits 1 with one line on stderr; bad usage exits 2", async () => {
    const rejected = await crm("import-csv", csvFile("bad.csv", "Name,Phone\nA,1\n"));
    expect(rejected).toMatchObject({ exitCode: 1, stdout: "" });
    expect(rejected.stderr).toBe("crm: Missing required columns: Customer Email, Date - Order Date\n");
    const missing = await crm("import-csv", path.join(dir, "nope.csv"));
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain("no such file");
    expect((await crm("import-csv", csvFile("x.csv", "a\n"), "--tz", "Mars/Olympus")).exitCode).toBe(2);
    expect((await crm("import-csv")).exitCode).toBe(2);
  });

  test("--tz reads offset-less dates in that zone", async () => {
    const file = csvFile("orders.csv", exportCsv([itemRow("1", "a@clinic.com", { "Date - Order Date": "1/15/2026 9:00:00 AM" })]));
    await crm("import-csv", file, "--tz", "UTC");
    const db = new Database(path.join(dataDir(), "crm.db"), { readonly: true });
    expect(db.query("SELECT placed_at FROM orders").get()).toEqual({ placed_at: Date.UTC(2026, 0, 15, 9) });
    db.close();
  });

  test("killing the process halfway leaves the database exactly as before", async () => {
    const seed = csvFile("seed.csv", exportCsv([itemRow("seed", "seed@clinic.com")]));
    await crm("import-csv", seed);
    const rows = Array.from({ length: 150_000 }, (_, i) => itemRow(`BIG-${i}`, `buyer${i % 40_000}@clinic${i % 97}.com`));
    const big = csvFile("big.csv", exportCsv(rows));

    const child = Bun.spawn([process.execPath, path.join(import.meta.dir, "../main.ts"), "import-csv", big, "--data-dir", dataDir()], {
      stdout: "pipe",
      stderr: "pipe",
    });
    const reader = child.stderr.getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toMatch(/\d+%/);
    child.kill("SIGKILL");
    expect(await child.exited).not.toBe(0);

    expect(count("orders")).toBe(1);
    expect(count("accounts")).toBe(1);
    expect(count("contacts")).toBe(1);
  }, 60_000);
});
