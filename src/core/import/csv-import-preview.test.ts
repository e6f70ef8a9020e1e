import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { DomainError } from "../errors.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { exportCsv, itemRow } from "../../testing/shipstation-csv.ts";
import { ACCOUNTS_DISAGREEING_WITH_THEIR_ORDERS } from "../../testing/statistics-recount.ts";
import { temporaryDirectory, type TemporaryDirectory } from "../../testing/temporary-directory.ts";
import { runCsvImport, type CsvImportRunOptions } from "./csv-import-run.ts";
import { previewCsvImport } from "./csv-import-preview.ts";

describe("importing order exports (runCsvImport, previewCsvImport)", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  let dir: TemporaryDirectory;
  beforeEach(() => {
    database = temporaryDatabase();
    dir = temporaryDirectory("crm-import-");
    fileCount = 0;
  });
  afterEach(() => {
    database.dispose();
    dir.dispose();
  });

  let fileCount = 0;
  function file(text: string | Uint8Array): string {
    const filePath = path.join(dir.path, `export-${++fileCount}.csv`);
    writeFileSync(filePath, text);
    return filePath;
  }
  const run = async (paths: string[], options?: CsvImportRunOptions) => (await runCsvImport(database.db, paths.map((p) => ({ path: p })), options)).result;
  const query = <T>(sql: string, ...params: (string | number)[]) => database.sqlite.query(sql).all(...params) as T[];
  const accountsTable = () =>
    query<{ email: string; name: string; domain: string | null; order_count: number; total_order_cents: number; first_order_at: number; last_order_at: number }>(
      "SELECT email, name, domain, order_count, total_order_cents, first_order_at, last_order_at FROM accounts ORDER BY email",
    );
  const snapshot = () => ({
    accounts: query("SELECT * FROM accounts ORDER BY id"),
    contacts: query("SELECT * FROM contacts ORDER BY id"),
    orders: query("SELECT * FROM orders ORDER BY id"),
  });

  test("item rows of one order make one order whose total is the order total, not the sum of the rows", async () => {
    const result = await run([
      file(
        exportCsv([
          itemRow("SO-500", "buyer@riverside.org", { "Item - SKU": "MAIN-1", "Item - Price": "100.00" }),
          itemRow("SO-500", "buyer@riverside.org", { "Item - SKU": "WARRANTY", "Item - Price": "35.00" }),
        ]),
      ),
    ]);
    expect(result.results).toMatchObject({ processed: 2, created: 1, ordersCreated: 1, skipped: 0, errors: [] });
    const [order] = query<{ total_cents: number; raw: string; order_number: string }>("SELECT total_cents, raw, order_number FROM orders");
    expect(order!.total_cents).toBe(13500);
    expect(order!.order_number).toBe("SO-500");
    const raw = JSON.parse(order!.raw);
    expect(raw.items).toEqual([
      { sku: "MAIN-1", name: "12-Panel Drug Test Cup", quantity: 1, unitPriceCents: 10000 },
      { sku: "WARRANTY", name: "12-Panel Drug Test Cup", quantity: 1, unitPriceCents: 3500 },
    ]);
    expect(raw.shipTo).toMatchObject({ name: "Jane Roe", company: "Riverside Clinic", city: "Atlanta", postalCode: "30303" });
    expect(raw.details).toEqual({ Source: "web" });
    expect(accountsTable()).toEqual([
      expect.objectContaining({ email: "buyer@riverside.org", order_count: 1, total_order_cents: 13500 }),
    ]);
  });

  test("a new e-mail becomes an account named after the company, else the person, else the e-mail, with its primary contact", async () => {
    await run([
      file(
        exportCsv([
          itemRow("1", "Office@Lakeview-Lab.com", { "Ship To - Company": "Lakeview Toxicology Lab", "Ship To - Name": "Mary Ann Smith" }),
          itemRow("2", "jdoe@gmail.com", { "Ship To - Company": "", "Ship To - Name": "John Doe" }),
          itemRow("3", "anon@yahoo.com", { "Ship To - Company": "", "Ship To - Name": "", "Ship To - Phone": "" }),
        ]),
      ),
    ]);
    expect(accountsTable().map(({ email, name, domain }) => ({ email, name, domain }))).toEqual([
      { email: "anon@yahoo.com", name: "anon@yahoo.com", domain: null },
      { email: "jdoe@gmail.com", name: "John Doe", domain: null },
      { email: "office@lakeview-lab.com", name: "Lakeview Toxicology Lab", domain: "lakeview-lab.com" },
    ]);
    const contactRows = query<{ first_name: string; last_name: string; email: string; phone: string | null; is_primary: number }>(
      "SELECT first_name, last_name, email, phone, is_primary FROM contacts ORDER BY email",
    );
    expect(contactRows).toEqual([
      { first_name: "John", last_name: "Doe", email: "jdoe@gmail.com", phone: "+14045550100", is_primary: 1 },
      { first_name: "Mary Ann", last_name: "Smith", email: "office@lakeview-lab.com", phone: "+14045550100", is_primary: 1 },
    ]);
  });

  test("an existing account is never renamed by an import", async () => {
    await run([file(exportCsv([itemRow("1", "buyer@clinic.com", { "Ship To - Company": "First Name Co" })]))]);
    database.sqlite.run("UPDATE accounts SET name = 'Edited By Staff'");
    await run([file(exportCsv([itemRow("2", "buyer@clinic.com", { "Ship To - Company": "Another Name Co" })]))]);
    expect(accountsTable()).toEqual([expect.objectContaining({ name: "Edited By Staff", order_count: 2 })]);
  });

  test("importing the same file twice changes nothing the second time", async () => {
    const csv = file(
      exportCsv([
        itemRow("A-1", "a@clinic.com"),
        itemRow("A-1", "a@clinic.com", { "Item - SKU": "STRIP" }),
        itemRow("B-1", "b@lab.com", { "Date - Order Date": "05/01/2026 10:30:00 AM", "Amount - Order Total": "$1,234.56" }),
      ]),
    );
    await run([csv]);
    const before = snapshot();
    const second = await run([csv]);
    expect(second.results).toMatchObject({ processed: 3, created: 0, updated: 0, ordersCreated: 0, ordersUpdated: 0, ordersUnchanged: 2 });
    expect(second.message).toBe("Imported 0 orders for 0 accounts (0 new); 2 already up to date");
    expect(snapshot()).toEqual(before);
  });

  test("overlapping exports: orders seen again are updated, not added, and statistics follow", async () => {
    await run([file(exportCsv([itemRow("1", "a@clinic.com", { "Amount - Order Total": "10.00" }), itemRow("2", "a@clinic.com", { "Amount - Order Total": "20.00" })]))]);
    const second = await run([
      file(
        exportCsv([
          itemRow("2", "a@clinic.com", { "Amount - Order Total": "25.00" }),
          itemRow("3", "a@clinic.com", { "Amount - Order Total": "30.00", "Date - Order Date": "9/6/2026 8:31" }),
        ]),
      ),
    ]);
    expect(second.results).toMatchObject({ created: 0, updated: 1, ordersCreated: 1, ordersUpdated: 1, ordersUnchanged: 0 });
    expect(query("SELECT order_number, total_cents FROM orders ORDER BY order_number")).toEqual([
      { order_number: "1", total_cents: 1000 },
      { order_number: "2", total_cents: 2500 },
      { order_number: "3", total_cents: 3000 },
    ]);
    const [account] = accountsTable();
    expect(account).toMatchObject({ order_count: 3, total_order_cents: 6500 });
    expect(new Date(account!.last_order_at).toISOString()).toBe("2026-09-06T12:31:00.000Z");
    expect(new Date(account!.first_order_at).toISOString()).toBe("2026-04-02T14:39:21.000Z");
  });

  test("an order of a store that moves to another e-mail moves its statistics too", async () => {
    const store = { "Market - Store Name": "Supply Direct Store", "Amount - Order Total": "10.00" };
    await run([file(exportCsv([itemRow("1", "old@clinic.com", store)]))]);
    await run([file(exportCsv([itemRow("1", "new@clinic.com", store)]))]);
    expect(accountsTable().map(({ email, order_count, total_order_cents }) => ({ email, order_count, total_order_cents }))).toEqual([
      { email: "new@clinic.com", order_count: 1, total_order_cents: 1000 },
      { email: "old@clinic.com", order_count: 0, total_order_cents: 0 },
    ]);
  });

  test("statistics always equal a recount of the stored orders", async () => {
    const rows = Array.from({ length: 300 }, (_, i) =>
      itemRow(`N-${i % 120}`, `buyer${i % 17}@example${i % 5}.com`, {
        "Amount - Order Total": `${(i % 120) * 3}.${String(i % 100).padStart(2, "0")}`,
        "Date - Order Date": `${(i % 12) + 1}/${(i % 27) + 1}/2025 ${(i % 12) + 1}:0${i % 10}:00 ${i % 2 ? "AM" : "PM"}`,
      }),
    );
    await run([file(exportCsv(rows))]);
    await run([file(exportCsv(rows.slice(100).map((row, i) => ({ ...row, "Amount - Order Total": `${i}.00` }))))]);
    const mismatches = query(ACCOUNTS_DISAGREEING_WITH_THEIR_ORDERS);
    expect(query<{ n: number }>("SELECT count(*) AS n FROM accounts")[0]!.n).toBeGreaterThan(10);
    expect(mismatches).toEqual([]);
  });

  test("bad rows are skipped and reported with the line they start on; good rows import", async () => {
    const csv = exportCsv([
      itemRow("1", "good@clinic.com"),
      itemRow("2", "", {}),
      itemRow("3", "not-an-email"),
      itemRow("4", "x@clinic.com", { "Ship To - Address 1": "Suite 5\nBuilding B", "Date - Order Date": "13/45/2026" }),
      itemRow("5", "y@clinic.com", { "Amount - Order Total": "12abc" }),
      itemRow("6", "z@clinic.com", { "Date - Order Date": "" }),
      itemRow("7", "good2@clinic.com"),
    ]);
    const result = await run([file(csv)]);
    expect(result.results.processed).toBe(7);
    expect(result.results.skipped).toBe(5);
    expect(result.results.errors).toHaveLength(5);
    expect(result.results.errors[0]).toBe("Row 3: missing customer e-mail");
    expect(result.results.errors[1]).toBe('Row 4: invalid customer e-mail "not-an-email"');
    expect(result.results.errors[2]).toStartWith("Row 5: ");
    expect(result.results.errors[2]).toContain("13/45/2026");
    // The quoted address spans two lines, so the next row starts on line 7.
    expect(result.results.errors[3]).toStartWith("Row 7: ");
    expect(result.results.errors[3]).toContain("12abc");
    expect(result.results.errors[4]).toBe("Row 8: missing order date");
    expect(result.results.ordersCreated).toBe(2);
    expect(result.message).toBe("Imported 2 orders for 2 accounts (2 new); 5 rows skipped");
  });

  test("the report keeps the first 100 row errors and says how many more", async () => {
    const rows = Array.from({ length: 130 }, (_, i) => itemRow(String(i), "broken"));
    const result = await run([file(exportCsv([...rows, itemRow("ok", "ok@clinic.com")]))]);
    expect(result.results.skipped).toBe(130);
    expect(result.results.errors).toHaveLength(101);
    expect(result.results.errors[99]).toBe('Row 101: invalid customer e-mail "broken"');
    expect(result.results.errors[100]).toBe("...and 30 more rows with errors");
    expect(result.results.ordersCreated).toBe(1);
  });

  test("without an order number each row is one order, and re-importing it is a no-op", async () => {
    const header = ["Customer Email", "Date - Order Date", "Amount - Order Total", "Item - SKU"];
    const csv = file(`${header.join(",")}\na@clinic.com,02/01/2025,10.00,CUP\na@clinic.com,02/01/2025,10.00,STRIP\na@clinic.com,02/02/2025,5.00,CUP\n`);
    expect((await run([csv])).results).toMatchObject({ ordersCreated: 3 });
    expect((await run([csv])).results).toMatchObject({ ordersCreated: 0, ordersUpdated: 0, ordersUnchanged: 3 });
    expect(accountsTable()[0]).toMatchObject({ order_count: 3, total_order_cents: 2500 });
  });

  test("forgiving reading: BOM, semicolons, tabs, CRLF, header spelling and quoted delimiters", async () => {
    const header = ["customer email", "Date Order Date", "ORDER NUMBER", "Ship To Company", "amount-order total"];
    const variants = [
      `\uFEFF${header.join(",")}\r\nsemi@clinic.com,4/2/2026 10:39:21 AM,C-1,"Smith, Jones & Co",1198.00\r\n`,
      `${header.join(";")}\nsemi2@clinic.com;2026-04-02T10:39:21;C-2;"Acme; Labs";12.00\n`,
      `${header.join("\t")}\ntab@clinic.com\t2026-04-02\tC-3\tTab Co\t$1,234.56\n`,
    ];
    for (const text of variants) expect((await run([file(text)])).results.skipped).toBe(0);
    expect(accountsTable().map(({ email, name, total_order_cents }) => ({ email, name, total_order_cents }))).toEqual([
      { email: "semi2@clinic.com", name: "Acme; Labs", total_order_cents: 1200 },
      { email: "semi@clinic.com", name: "Smith, Jones & Co", total_order_cents: 119800 },
      { email: "tab@clinic.com", name: "Tab Co", total_order_cents: 123456 },
    ]);
  });

  test("dates without an offset are read in the import time zone", async () => {
    await run([file(exportCsv([itemRow("1", "a@clinic.com", { "Date - Order Date": "1/15/2026 9:00:00 AM" })]))], { timeZone: "America/Los_Angeles" });
    expect(new Date(accountsTable()[0]!.last_order_at).toISOString()).toBe("2026-01-15T17:00:00.000Z");
  });

  test("files that are empty, not CSV or lack a required column are rejected whole and write nothing", async () => {
    const rejected = async (text: string | Uint8Array) => {
      try {
        await run([file(exportCsv([itemRow("1", "ok@clinic.com")])), file(text)]);
      } catch (error) {
        if (error instanceof DomainError) return error.message;
        throw error;
      }
      throw new Error("expected a rejection");
    };
    expect(await rejected("")).toBe("The file is empty");
    expect(await rejected("\n\n")).toBe("The file is empty");
    expect(await rejected(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0x14, 0]))).toBe(
      "The file is not UTF-8, UTF-16 or Windows-1252 text (it is a ZIP archive, as an Excel workbook (.xlsx) is): re-save it from Excel as 'CSV UTF-8 (Comma delimited)'",
    );
    expect(await rejected("Order - Number,Date - Order Date\n1,4/2/2026\n")).toContain("Customer Email");
    expect(await rejected("Name,Phone\nA,1\n")).toContain("Date - Order Date");
    expect(snapshot()).toEqual({ accounts: [], contacts: [], orders: [] });
  });

  test("a failure in the middle of a first import, written in one transaction, leaves the database exactly as before", async () => {
    const before = snapshot();
    const rows = Array.from({ length: 20_000 }, (_, i) => itemRow(`BIG-${i}`, `buyer${i}@clinic${i % 50}.com`));
    const big = file(exportCsv(rows));
    let progressCalls = 0;
    await expect(
      run([big], {
        onProgress: ({ bytesRead, totalBytes }) => {
          progressCalls++;
          if (bytesRead < totalBytes) throw new Error("simulated crash mid-import");
        },
      }),
    ).rejects.toThrow("simulated crash mid-import");
    expect(progressCalls).toBe(1);
    expect(snapshot()).toEqual(before);
  });

  test("foreign keys, set aside while an import writes, are enforced again after it, whether it succeeded or failed", async () => {
    const foreignKeys = () => database.sqlite.query("PRAGMA foreign_keys").get();
    await run([file(exportCsv([itemRow("1", "a@clinic.com")]))]);
    expect(foreignKeys()).toEqual({ foreign_keys: 1 });
    await expect(run([file("Name,Phone\nA,1\n")])).rejects.toThrow(DomainError);
    expect(foreignKeys()).toEqual({ foreign_keys: 1 });
    expect(() => database.sqlite.run("INSERT INTO contacts (account_id, first_name, last_name, created_at, updated_at) VALUES (999, 'A', 'B', 0, 0)")).toThrow(/FOREIGN KEY/);
  });

  test("a dry run reports what would change and writes nothing", async () => {
    const result = previewCsvImport(database.db, [{ path: file(exportCsv([itemRow("1", "a@clinic.com"), itemRow("2", "b@clinic.com")])) }]);
    expect(result.results).toMatchObject({ created: 2, ordersCreated: 2 });
    expect(result.message).toStartWith("Would import 2 orders for 2 accounts (2 new)");
    expect(snapshot()).toEqual({ accounts: [], contacts: [], orders: [] });
  });

  test("rows of one order listed apart are still one order", async () => {
    const result = await run([
      file(exportCsv([itemRow("1", "a@clinic.com", { "Item - SKU": "A" }), itemRow("2", "a@clinic.com"), itemRow("1", "a@clinic.com", { "Item - SKU": "B" })])),
    ]);
    expect(result.results.ordersCreated).toBe(2);
    const raw = JSON.parse(query<{ raw: string }>("SELECT raw FROM orders WHERE order_number = '1'")[0]!.raw);
    expect(raw.items.map((item: { sku: string }) => item.sku)).toEqual(["A", "B"]);
    expect(accountsTable()[0]).toMatchObject({ order_count: 2, total_order_cents: 27000 });
  });

  test("orders read in many batches each keep their own stored JSON, whatever their characters", async () => {
    const rows = Array.from({ length: 2_500 }, (_, i) =>
      itemRow(`M-${i}`, `buyer${i % 300}@clinic.com`, { "Ship To - Name": `Zoë Müller ${i} 😀`, "Item - Name": `Cup "${i}", 25/box` }),
    );
    expect((await run([file(exportCsv(rows))])).results).toMatchObject({ ordersCreated: 2_500, skipped: 0 });
    const stored = query<{ order_number: string; raw: string }>("SELECT order_number, raw FROM orders ORDER BY id");
    expect(stored).toHaveLength(2_500);
    for (const { order_number, raw } of stored) {
      const i = order_number.slice(2);
      expect(JSON.parse(raw)).toMatchObject({ shipTo: { name: `Zoë Müller ${i} 😀` }, items: [{ name: `Cup "${i}", 25/box` }] });
    }
    expect((await run([file(exportCsv(rows))])).results).toMatchObject({ ordersCreated: 0, ordersUpdated: 0, ordersUnchanged: 2_500 });
  });

  test("line numbers stay right past line breaks inside quoted fields, however far into the file", async () => {
    const filler = Array.from({ length: 6_000 }, (_, i) => itemRow(`F-${i}`, `buyer${i}@clinic.com`));
    const rows = [...filler, itemRow("Q-1", "q@clinic.com", { "Ship To - Address 1": "Suite 5\nBuilding B\nRear" }), itemRow("BAD", "not-an-email")];
    const result = await run([file(exportCsv(rows))]);
    // Header on line 1, 6,000 one-line rows, then a row spanning three lines: the bad row starts on 6,005.
    expect(result.results.errors).toEqual(['Row 6005: invalid customer e-mail "not-an-email"']);
  });

  test("Windows-1252 and UTF-16 exports import with their text right, in an import and a dry run alike", async () => {
    const header = "Order - Number,Date - Order Date,Customer Email,Ship To - Company,Ship To - Name\r\n";
    const windows1252 = Buffer.from(
      [...`${header}1,4/2/2026,cafe@clinic.com,Café Müller’s €,José Muñoz\r\n`].map((char) => (char === "’" ? 0x92 : char === "€" ? 0x80 : char.charCodeAt(0))),
    );
    const utf16 = Buffer.from(`\uFEFF${header.replaceAll(",", "\t")}2\t4/2/2026\tlab@lab.com\tŁódź Lab 😀\tZoë\r\n`, "utf16le");
    const files = [file(windows1252), file(utf16)];
    const preview = previewCsvImport(database.db, files.map((path) => ({ path })));
    expect(preview.results).toMatchObject({ created: 2, ordersCreated: 2, skipped: 0 });
    expect((await run(files)).results).toMatchObject({ created: 2, ordersCreated: 2, skipped: 0 });
    expect(accountsTable().map(({ email, name }) => ({ email, name }))).toEqual([
      { email: "cafe@clinic.com", name: "Café Müller’s €" },
      { email: "lab@lab.com", name: "Łódź Lab 😀" },
    ]);
  });

  test("a cell longer than the API takes makes its row an error naming the line and the column", async () => {
    const rows = [itemRow("1", "ok@clinic.com"), itemRow("2", "big@clinic.com", { "Ship To - Company": "x".repeat(4 << 20) }), itemRow("3", "ok@clinic.com")];
    const result = await run([file(exportCsv(rows))]);
    expect(result.results.errors).toEqual(['Row 3: "Ship To - Company" is longer than 200 characters']);
    expect(accountsTable().map(({ email }) => email)).toEqual(["ok@clinic.com"]);
  });

  test("adjacent rows of one order number but two customers make an order and an account for each", async () => {
    const result = await run([file(exportCsv([itemRow("SO-1", "ann@clinic.com"), itemRow("SO-1", "bob@lab.com")]))]);
    expect(result.results).toMatchObject({ created: 2, skipped: 0 });
    expect(accountsTable().map(({ email }) => email)).toEqual(["ann@clinic.com", "bob@lab.com"]);
  });

  test("several files import in one transaction and name the file in row errors", async () => {
    const result = await run([file(exportCsv([itemRow("1", "a@clinic.com")])), file(exportCsv([itemRow("2", "bad")]))]);
    expect(result.results.errors).toEqual(['export-2.csv: Row 2: invalid customer e-mail "bad"']);
    expect(result.results.ordersCreated).toBe(1);
  });
});
