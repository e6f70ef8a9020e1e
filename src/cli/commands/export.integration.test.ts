import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import { ACCOUNT_EXPORT_COLUMNS } from "../../contracts/accounts.ts";
import { CONTACT_EXPORT_COLUMNS } from "../../core/contacts/contact-export.ts";
import { ORDER_EXPORT_COLUMNS } from "../../core/orders/order-export.ts";
import { addDays, businessToday, formatUsCalendarDate } from "../../core/time/business-calendar.ts";
import { CLI_TEST_TIMEOUT_MS, runCrm } from "../../testing/run-crm.ts";
import { exportCsv, itemRow, orderDateDaysAgo } from "../../testing/shipstation-csv.ts";
import { useTemporaryDirectoryForAll } from "../../testing/temporary-directory.ts";

setDefaultTimeout(CLI_TEST_TIMEOUT_MS);

describe("crm export", () => {
  const dir = useTemporaryDirectoryForAll("crm-export-");
  // The commands only read, so one imported history serves every test.
  beforeAll(async () => {
    const orders = path.join(dir.path, "orders.csv");
    const recent = { "Date - Order Date": orderDateDaysAgo(3), "Ship To - Company": "Alpha Clinic", "Ship To - Name": "Ann Alpha", "Amount - Order Total": "260.50", "Order - Status": "Shipped", "Market - Store Name": "Supply Direct Store" };
    writeFileSync(
      orders,
      exportCsv([
        itemRow("A-1", "alpha@clinic.com", { ...recent, "Item - Qty": "2" }),
        itemRow("A-1", "alpha@clinic.com", { ...recent, "Item - SKU": "SAL-1", "Item - Name": "Saliva Kit", "Item - Price": "60.50" }),
        itemRow("B-1", "beta@lab.com", { "Date - Order Date": orderDateDaysAgo(400), "Ship To - Company": "=Beta Lab", "Ship To - Name": "Bo Beta", "Amount - Order Total": "10.00" }),
        // Cancelled: it counts for nothing, so Beta stays dormant.
        itemRow("B-2", "beta@lab.com", { "Date - Order Date": orderDateDaysAgo(2), "Ship To - Company": "=Beta Lab", "Ship To - Name": "Bo Beta", "Amount - Order Total": "99.00", "Order - Status": "Cancelled" }),
        itemRow("G-1", "gamma@clinic.com", { "Date - Order Date": orderDateDaysAgo(20), "Ship To - Company": "Gamma, Inc", "Ship To - Name": "Gil Gamma", "Amount - Order Total": "1234.00" }),
      ]),
    );
    const imported = await crm("import-csv", orders);
    if (imported.exitCode !== 0) throw new Error(imported.stderr);
  });

  const crm = (...args: string[]) => runCrm([...args, "--data-dir", path.join(dir.path, "data")]);
  const out = (name: string) => path.join(dir.path, name);
  /** The file as Excel reads it: the BOM, then RFC 4180 rows. */
  function readCsv(file: string): string[][] {
    const bytes = readFileSync(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    return Papa.parse<string[]>(bytes.subarray(3).toString("utf8").trimEnd()).data;
  }
  const dayAgo = (days: number) => formatUsCalendarDate(addDays(businessToday(), -days));

  test("accounts: every account, the table's columns and order, formulas defused, one summary line", async () => {
    const run = await crm("export", "accounts", "--out", out("accounts.csv"));
    expect(run).toMatchObject({ exitCode: 0, stdout: `Exported 3 accounts to ${out("accounts.csv")}\n`, stderr: "" });
    const rows = readCsv(out("accounts.csv"));
    expect(rows[0]).toEqual([...ACCOUNT_EXPORT_COLUMNS]);
    expect(rows.slice(1).map((row) => row[0])).toEqual(["'=Beta Lab", "Alpha Clinic", "Gamma, Inc"]);
    expect(rows[2]).toEqual([
      "Alpha Clinic",
      "alpha@clinic.com",
      "clinic.com",
      "(404) 555-0100",
      "New",
      "",
      dayAgo(3),
      dayAgo(3),
      dayAgo(3),
      "1",
      "260.50",
      "Ann Alpha <alpha@clinic.com>",
    ]);
  });

  test("accounts take the table's filters and sort", async () => {
    const names = async (...flags: string[]) => {
      const run = await crm("export", "accounts", "--out", out("filtered.csv"), ...flags);
      expect(run.exitCode).toBe(0);
      return readCsv(out("filtered.csv")).slice(1).map((row) => row[1]);
    };
    expect(await names("--sort", "totalOrderValue", "--dir", "desc")).toEqual(["gamma@clinic.com", "alpha@clinic.com", "beta@lab.com"]);
    expect(await names("--status", "dormant")).toEqual(["beta@lab.com"]);
    expect(await names("--search", "clinic", "--list", "new")).toEqual(["alpha@clinic.com", "gamma@clinic.com"]);
    expect(await names("--first-order-from", addDays(businessToday(), -30), "--first-order-to", businessToday(), "--sort", "lastOrderDate")).toEqual(["gamma@clinic.com", "alpha@clinic.com"]);
    const none = await crm("export", "accounts", "--out", out("none.csv"), "--timeframe", "14", "--search", "lab");
    expect(none.stdout).toBe(`Exported 0 accounts to ${out("none.csv")}\n`);
    expect(readCsv(out("none.csv"))).toEqual([[...ACCOUNT_EXPORT_COLUMNS]]);
  });

  test("contacts: each account's contacts, its primary one first and marked", async () => {
    const run = await crm("export", "contacts", "--out", out("contacts.csv"));
    expect(run.stdout).toBe(`Exported 3 contacts to ${out("contacts.csv")}\n`);
    const rows = readCsv(out("contacts.csv"));
    expect(rows[0]).toEqual([...CONTACT_EXPORT_COLUMNS]);
    expect(rows[2]).toEqual(["Alpha Clinic", "alpha@clinic.com", "Ann", "Alpha", "alpha@clinic.com", "(404) 555-0100", "", "Yes"]);
    expect(rows.slice(1).map((row) => row[0])).toEqual(["'=Beta Lab", "Alpha Clinic", "Gamma, Inc"]);
  });

  test("orders: oldest first, placed at on New York's clock, items in one cell; --from and --to bound the placed dates", async () => {
    const run = await crm("export", "orders", "--out", out("orders.csv"));
    expect(run.stdout).toBe(`Exported 4 orders to ${out("orders.csv")}\n`);
    const rows = readCsv(out("orders.csv"));
    expect(rows[0]).toEqual([...ORDER_EXPORT_COLUMNS]);
    expect(rows.slice(1).map((row) => row[0])).toEqual(["B-1", "G-1", "A-1", "B-2"]);
    expect(rows[3]).toEqual(["A-1", "Supply Direct Store", "alpha@clinic.com", `${dayAgo(3)} 10:00`, "Shipped", "yes", "260.50", "csv", "2 × 12-Panel Drug Test Cup; 1 × Saliva Kit"]);
    expect(rows[4]!.slice(4, 7)).toEqual(["Cancelled", "no", "99.00"]);

    const recent = await crm("export", "orders", "--out", out("recent.csv"), "--from", addDays(businessToday(), -20), "--to", addDays(businessToday(), -3));
    expect(recent.stdout).toBe(`Exported 2 orders to ${out("recent.csv")}\n`);
    expect(readCsv(out("recent.csv")).slice(1).map((row) => row[0])).toEqual(["G-1", "A-1"]);
  });

  test("bad usage exits 2, with one line on stderr", async () => {
    for (const [args, stderr] of [
      [["invoices", "--out", out("x.csv")], undefined],
      [["accounts"], undefined],
      [["accounts", "--out", out("x.csv"), "--status", "asleep"], undefined],
      [["contacts", "--out", out("x.csv"), "--status", "active"], "crm: --status is for crm export accounts\n"],
      [["accounts", "--out", out("x.csv"), "--from", "2026-01-01"], "crm: --from is for crm export orders\n"],
      [["orders", "--out", out("x.csv"), "--from", "2026-02-30"], "crm: --from must be a date like 2026-11-21\n"],
    ] as const) {
      const run = await crm("export", ...args);
      expect({ args, exitCode: run.exitCode }).toEqual({ args, exitCode: 2 });
      if (stderr) expect(run.stderr).toBe(stderr);
    }
  });

  test("an unknown list, or a file that cannot be written, exits 1 with one line on stderr", async () => {
    const unknown = await crm("export", "accounts", "--out", out("x.csv"), "--list", "gold");
    expect(unknown).toMatchObject({ exitCode: 1, stderr: "crm: --list must be one of new, active, legacy\n" });
    const unwritable = await crm("export", "accounts", "--out", path.join(dir.path, "missing", "x.csv"));
    expect(unwritable).toMatchObject({ exitCode: 1, stdout: "", stderr: `crm: Cannot write ${path.join(dir.path, "missing", "x.csv")}: no such file or folder\n` });
  });
});
