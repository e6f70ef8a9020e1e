import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Database } from "bun:sqlite";
import { CLI_TEST_TIMEOUT_MS, runCrm } from "../../testing/run-crm.ts";
import { exportCsv, itemRow } from "../../testing/shipstation-csv.ts";
import { useTemporaryDirectory } from "../../testing/temporary-directory.ts";

setDefaultTimeout(CLI_TEST_TIMEOUT_MS);

describe("crm import-csv", () => {
  const dir = useTemporaryDirectory("crm-import-cli-");

  const dataDir = () => path.join(dir.path, "data");
  const crm = (...args: string[]) => runCrm([...args, "--data-dir", dataDir()]);
  function csvFile(name: string, text: string): string {
    const filePath = path.join(dir.path, name);
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
      success: true,
      message: "Imported 2 orders for 2 accounts (2 new); 1 row skipped",
      results: {
        processed: 3,
        created: 2,
        updated: 0,
        ordersCreated: 2,
        ordersUpdated: 0,
        ordersUnchanged: 0,
        skipped: 1,
        errors: ['Row 4: invalid customer e-mail "broken"'],
        customersChanged: 0,
        customerChanges: [],
      },
    });
  });

  test("a known order that names another customer is listed with both e-mails by the import, its dry run and the history", async () => {
    const header = "Order - Number,Date - Order Date,Customer Email,Amount - Order Total,Market - Store Name\n";
    const first = csvFile("first.csv", `${header}SO-1,4/2/2026 10:00 AM,ann@clinic.com,10.00,Supply Direct Store\nSO-2,4/3/2026 10:00 AM,ann@clinic.com,20.00,Supply Direct Store\n`);
    const moved = csvFile("moved.csv", `${header}SO-1,4/2/2026 10:00 AM,ann@clinic.com,10.00,Supply Direct Store\nSO-2,4/3/2026 10:00 AM,bob@lab.com,20.00,Supply Direct Store\n`);
    expect((await crm("import-csv", first)).exitCode).toBe(0);
    const listed = "Orders moved to another customer:\n  #SO-2 (Supply Direct Store): ann@clinic.com → bob@lab.com";
    const preview = await crm("import-csv", moved, "--dry-run");
    expect(preview.stdout).toContain(listed);
    const run = await crm("import-csv", moved);
    expect(run.stdout).toContain("1 order moved to another customer");
    expect(run.stdout).toContain(listed);
    const history = await crm("imports");
    expect(history.stdout).toContain("Import #2: orders moved to another customer:\n  #SO-2 (Supply Direct Store): ann@clinic.com → bob@lab.com");
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

  test("--errors-out writes every skipped row as CSV, where the summary lists the first 100 and says where the rest are", async () => {
    const rows = [itemRow("1", "a@clinic.com"), ...Array.from({ length: 120 }, (_, i) => itemRow(`SO-${i}`, `broken ${i}`)), itemRow("SO-X", "bad,one")];
    const file = csvFile("orders.csv", exportCsv(rows));

    const withoutFile = await crm("import-csv", file, "--dry-run");
    expect(withoutFile.stdout).toContain("...and 21 more rows with errors");
    expect(withoutFile.stdout).toContain("Run again with --errors-out FILE to write every skipped row, with its line and reason, to a CSV file.");

    const errorsOut = path.join(dir.path, "skipped.csv");
    const run = await crm("import-csv", file, "--errors-out", errorsOut);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain(`Every skipped row (121) is in ${errorsOut}, with its line and reason.`);
    const lines = readFileSync(errorsOut, "utf8").trimEnd().split("\n");
    expect(lines).toHaveLength(1 + 121);
    expect(lines[0]).toBe("file,line,reason,order_number,customer_email");
    expect(lines[1]).toBe('orders.csv,3,"invalid customer e-mail ""broken 0""",SO-0,broken 0');
    expect(lines.at(-1)).toBe('orders.csv,123,"invalid customer e-mail ""bad,one""",SO-X,"bad,one"');
    expect(count("orders")).toBe(1);
  });

  test("--map reads an export whose columns are named otherwise, naming the CRM's columns as the upload dialog or ShipStation does", async () => {
    const file = csvFile("hubspot.csv", "Order #,Placed On,E-mail,Company,Given,Family,Total\nH-1,03/02/2026,ann@northwind.com,Northwind Clinic,Ann,Lee,120.50\n");
    const refused = await crm("import-csv", file);
    expect(refused.exitCode).not.toBe(0);
    expect(refused.stderr).toContain("Missing required column: Date - Order Date");

    const wrong = await crm("import-csv", file, "--map", "Placed On=When");
    expect(wrong.exitCode).not.toBe(0);
    expect(wrong.stderr).toContain('--map: "When" is none of the CRM\'s columns');

    const run = await crm("import-csv", file, "--map", "Placed On=Order date,E-mail=Customer Email", "--map", "Total=Amount - Order Total,Company=Company,Given=First name,Family=Last name");
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain("Imported 1 order for 1 account (1 new)");
    const db = new Database(path.join(dataDir(), "crm.db"), { readonly: true });
    try {
      expect(db.query("SELECT name, total_order_cents FROM accounts").all()).toEqual([{ name: "Northwind Clinic", total_order_cents: 12050 }]);
      expect(db.query("SELECT first_name, last_name, is_primary FROM contacts").all()).toEqual([{ first_name: "Ann", last_name: "Lee", is_primary: 1 }]);
    } finally {
      db.close();
    }
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

    // Into a database with orders the import writes in batches, then counts the analytics of the accounts
    // it touched: the progress names that work too, and the history's time covers it.
    const more = csvFile("more.csv", exportCsv(Array.from({ length: 300 }, (_, i) => itemRow(`SO-M${i}`, `buyer${i}@clinic.com`))));
    const batched = await crm("import-csv", more);
    expect(batched.exitCode).toBe(0);
    expect(batched.stderr.split("\n")).toContain("100%  300 rows  finishing: counting purchase days  0 of 300 accounts");
    expect(count("purchase_day_queue")).toBe(0);
    const [latest] = JSON.parse((await crm("imports", "--json")).stdout) as { state: string; heartbeatAt: string; finishedAt: string }[];
    expect(latest).toMatchObject({ state: "completed" });
    // The last order batch's time is its heartbeat; the run finished after the count that followed it.
    expect(Date.parse(latest!.finishedAt)).toBeGreaterThanOrEqual(Date.parse(latest!.heartbeatAt));
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
    const missing = await crm("import-csv", path.join(dir.path, "nope.csv"));
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
});
