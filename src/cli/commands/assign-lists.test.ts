import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Database } from "bun:sqlite";
import { runCrm } from "../../testing/run-crm.ts";
import { exportCsv, itemRow } from "../../testing/shipstation-csv.ts";

describe("crm assign-lists", () => {
  let dir: string;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "crm-assign-"));
    const orders = path.join(dir, "orders.csv");
    writeFileSync(orders, exportCsv([itemRow("1", "alpha@clinic.com"), itemRow("2", "beta@lab.com"), itemRow("3", "gamma@clinic.com")]));
    await crm("import-csv", orders);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const crm = (...args: string[]) => runCrm([...args, "--data-dir", path.join(dir, "data")]);
  const listOf = (email: string) => {
    const db = new Database(path.join(dir, "data", "crm.db"), { readonly: true });
    try {
      return (db.query("SELECT list_type FROM accounts WHERE email = ?").get(email) as { list_type: string }).list_type;
    } finally {
      db.close();
    }
  };

  test("reads e-mails from a file, prints a summary table and the not-found e-mails", async () => {
    const file = path.join(dir, "emails.csv");
    writeFileSync(file, 'name,email\n"Alpha, Inc",ALPHA@clinic.com\nNobody,ghost@nowhere.com\n');
    const run = await crm("assign-lists", file, "--list", "active");
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain("Moved 1 of 1 matched accounts to Active");
    expect(run.stdout).toMatch(/│ Accounts moved +│ 1 +│/);
    expect(run.stdout).toContain("Not found:\n  ghost@nowhere.com");
    expect(listOf("alpha@clinic.com")).toBe("active");
    expect(listOf("beta@lab.com")).toBe("new");
  });

  test("reads standard input; --dry-run changes nothing; --not-found-out writes the misses to a file", async () => {
    const dry = await runCrm(["assign-lists", "-", "--list", "legacy", "--dry-run", "--data-dir", path.join(dir, "data")], { stdin: "beta@lab.com\ngamma@clinic.com" });
    expect(dry.stdout).toContain("Would move 2 of 2 matched accounts to Legacy");
    expect(listOf("beta@lab.com")).toBe("new");

    const out = path.join(dir, "missing.txt");
    const real = await runCrm(["assign-lists", "--list", "legacy", "--not-found-out", out, "--data-dir", path.join(dir, "data")], { stdin: "beta@lab.com, who@where.org" });
    expect(real.exitCode).toBe(0);
    expect(listOf("beta@lab.com")).toBe("legacy");
    expect(readFileSync(out, "utf8")).toBe("who@where.org\n");
    expect(real.stdout).not.toContain("who@where.org\n  ");
  });

  test("an unknown list exits 1; bad usage exits 2", async () => {
    const unknown = await runCrm(["assign-lists", "--list", "gold", "--data-dir", path.join(dir, "data")], { stdin: "alpha@clinic.com" });
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toStartWith("crm: listType must be one of new, active, legacy");
    expect((await crm("assign-lists", path.join(dir, "emails.csv"))).exitCode).toBe(2);
    expect((await runCrm(["assign-lists", "--list", "active", "--data-dir", path.join(dir, "data")], { stdin: "no addresses here" })).exitCode).toBe(2);
    expect((await crm("assign-lists", path.join(dir, "missing-file.txt"), "--list", "active")).exitCode).toBe(2);
  });
});
