import { beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Database } from "bun:sqlite";
import { CLI_TEST_TIMEOUT_MS, runCrm } from "../../testing/run-crm.ts";
import { exportCsv, itemRow, orderDateDaysAgo } from "../../testing/shipstation-csv.ts";
import { useTemporaryDirectory } from "../../testing/temporary-directory.ts";

setDefaultTimeout(CLI_TEST_TIMEOUT_MS);

describe("crm assign-lists", () => {
  const dir = useTemporaryDirectory("crm-assign-");
  beforeEach(async () => {
    const orders = path.join(dir.path, "orders.csv");
    // First orders a few days ago: the activity rules put all three in New.
    const recent = { "Date - Order Date": orderDateDaysAgo(3) };
    writeFileSync(orders, exportCsv([itemRow("1", "alpha@clinic.com", recent), itemRow("2", "beta@lab.com", recent), itemRow("3", "gamma@clinic.com", recent)]));
    await crm("import-csv", orders);
  });

  const crm = (...args: string[]) => runCrm([...args, "--data-dir", path.join(dir.path, "data")]);
  const listOf = (email: string) => accountRow(email).list_type;
  const accountRow = (email: string) => {
    const db = new Database(path.join(dir.path, "data", "crm.db"), { readonly: true });
    try {
      return db.query("SELECT list_type, list_pinned FROM accounts WHERE email = ?").get(email) as { list_type: string; list_pinned: number };
    } finally {
      db.close();
    }
  };
  /** What a day-old database looks like: the account's orders went old without the rules having run since. */
  const ageOrders = (email: string, days: number) => {
    const db = new Database(path.join(dir.path, "data", "crm.db"));
    try {
      const shift = days * 86_400_000;
      db.run("UPDATE orders SET placed_at = placed_at - ? WHERE account_id = (SELECT id FROM accounts WHERE email = ?)", [shift, email]);
      db.run("UPDATE accounts SET first_order_at = first_order_at - ?1, last_order_at = last_order_at - ?1, created_at = created_at - ?1 WHERE email = ?2", [shift, email]);
    } finally {
      db.close();
    }
  };

  test("reads e-mails from a file, prints a summary table and the not-found e-mails", async () => {
    const file = path.join(dir.path, "emails.csv");
    writeFileSync(file, 'name,email\n"Alpha, Inc",ALPHA@clinic.com\nNobody,ghost@nowhere.com\n');
    const run = await crm("assign-lists", file, "--list", "active");
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain("Moved 1 of 1 matched accounts to Active");
    expect(run.stdout).toMatch(/│ E-mails matched +│ 1 +│/);
    expect(run.stdout).toMatch(/│ Accounts found +│ 1 +│/);
    expect(run.stdout).toMatch(/│ Accounts moved +│ 1 +│/);
    expect(run.stdout).toContain("Not found:\n  ghost@nowhere.com");
    expect(accountRow("alpha@clinic.com")).toEqual({ list_type: "active", list_pinned: 1 });
    expect(accountRow("beta@lab.com")).toEqual({ list_type: "new", list_pinned: 0 });
  });

  test("reads standard input; --dry-run changes nothing; --not-found-out writes the misses to a file", async () => {
    const dry = await runCrm(["assign-lists", "-", "--list", "legacy", "--dry-run", "--data-dir", path.join(dir.path, "data")], { stdin: "beta@lab.com\ngamma@clinic.com" });
    expect(dry.stdout).toContain("Would move 2 of 2 matched accounts to Legacy");
    expect(listOf("beta@lab.com")).toBe("new");

    const out = path.join(dir.path, "missing.txt");
    const real = await runCrm(["assign-lists", "--list", "legacy", "--not-found-out", out, "--data-dir", path.join(dir.path, "data")], { stdin: "beta@lab.com, who@where.org" });
    expect(real.exitCode).toBe(0);
    expect(listOf("beta@lab.com")).toBe("legacy");
    expect(readFileSync(out, "utf8")).toBe("who@where.org\n");
    expect(real.stdout).not.toContain("who@where.org\n  ");
  });

  test("an unknown list or a file not there exits 1 with one line; bad usage exits 2", async () => {
    const unknown = await runCrm(["assign-lists", "--list", "gold", "--data-dir", path.join(dir.path, "data")], { stdin: "alpha@clinic.com" });
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toBe("crm: --list must be automatic or one of new, active, legacy\n");
    const missing = await crm("assign-lists", path.join(dir.path, "missing-file.txt"), "--list", "active");
    expect(missing).toMatchObject({ exitCode: 1, stderr: `crm: Cannot read ${path.join(dir.path, "missing-file.txt")}: no such file or folder\n` });
    // Neither --list nor --by-activity, with a file that is there.
    writeFileSync(path.join(dir.path, "some-emails.txt"), "alpha@clinic.com\n");
    const neither = await crm("assign-lists", path.join(dir.path, "some-emails.txt"));
    expect(neither.exitCode).toBe(2);
    expect(neither.stderr).toStartWith("crm: give either --list <key> with e-mails, or --by-activity");
    expect((await runCrm(["assign-lists", "--list", "active", "--data-dir", path.join(dir.path, "data")], { stdin: "no addresses here" })).exitCode).toBe(2);
  });

  test("--by-activity moves the accounts whose activity calls for another list, leaves pinned ones, and reports per list", async () => {
    ageOrders("alpha@clinic.com", 200);
    ageOrders("beta@lab.com", 200);
    ageOrders("gamma@clinic.com", 60);
    await runCrm(["assign-lists", "--list", "new", "--data-dir", path.join(dir.path, "data")], { stdin: "beta@lab.com" });

    const dry = await crm("assign-lists", "--by-activity", "--dry-run", "--json");
    expect(dry.exitCode).toBe(0);
    expect(JSON.parse(dry.stdout)).toEqual({ moved: 2, byList: { new: 0, active: 1, legacy: 1 }, dryRun: true });
    expect(listOf("alpha@clinic.com")).toBe("new");

    const run = await crm("assign-lists", "--by-activity");
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain("Moved 2 accounts by order activity");
    expect(run.stdout).toMatch(/│ Legacy +│ 1 +│/);
    expect(listOf("alpha@clinic.com")).toBe("legacy");
    expect(listOf("gamma@clinic.com")).toBe("active");
    expect(accountRow("beta@lab.com")).toEqual({ list_type: "new", list_pinned: 1 });

    expect((await crm("assign-lists", "--by-activity", "--list", "new")).exitCode).toBe(2);
    expect((await crm("assign-lists", path.join(dir.path, "emails.csv"), "--by-activity")).exitCode).toBe(2);
    const again = await crm("assign-lists", "--by-activity", "--json");
    expect(JSON.parse(again.stdout).moved).toBe(0);

    await runCrm(["assign-lists", "--list", "automatic", "--data-dir", path.join(dir.path, "data")], { stdin: "beta@lab.com" });
    expect(accountRow("beta@lab.com")).toEqual({ list_type: "legacy", list_pinned: 0 });
  });
});
