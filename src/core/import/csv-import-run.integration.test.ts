import { afterEach, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdirSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { DATABASE_FILE_NAME } from "../database/open.ts";
import { openersFolderName } from "../database/openers.ts";
import { waitingWritersFileName } from "../database/waiting-writers.ts";
import { PURCHASE_DAY_QUEUE_BATCH } from "../analytics/purchase-days.ts";
import { writeDemoShipStationExport } from "../../tools/demo-data/shipstation-file.ts";
import { importedState, inconsistentAccounts } from "../../testing/imported-state.ts";
import { exportCsv, itemRow } from "../../testing/shipstation-csv.ts";
import { createTeamOfTwo } from "../../testing/team.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { temporaryDirectory, type TemporaryDirectory } from "../../testing/temporary-directory.ts";
import { runCsvImport, type CsvImportRunOptions } from "./csv-import-run.ts";
import { claimImportRun, recentImportRuns } from "./import-history.ts";
import { previewCsvImport } from "./csv-import-preview.ts";
import type { CsvImportProgress } from "./csv-import-parts.ts";
import { scratchFolderName } from "./orders-by-customer.ts";

/** Imports of thousands of orders, several per test, on a busy machine. */
setDefaultTimeout(20_000);

describe("runCsvImport", () => {
  let dir: TemporaryDirectory;
  const databases: ReturnType<typeof temporaryDatabase>[] = [];
  beforeEach(() => {
    dir = temporaryDirectory("crm-import-run-");
  });
  afterEach(() => {
    for (const database of databases.splice(0)) database.dispose();
    dir.dispose();
  });

  function database() {
    const opened = temporaryDatabase();
    databases.push(opened);
    return opened;
  }
  /** Another connection to the database, as a server would hold: imports beside it commit in batches. */
  function openElsewhere(dataDir: string): Database {
    const other = new Database(path.join(dataDir, DATABASE_FILE_NAME));
    other.query("SELECT count(*) FROM accounts").get();
    return other;
  }
  /** A realistic history ending today (see `crm demo-data`): chronological orders, about half as many as rows. */
  function demoExport(rows: number): string {
    const file = path.join(dir.path, `demo-${rows}.csv`);
    writeDemoShipStationExport({ rows, out: file, seed: 7 });
    return file;
  }
  const run = (db: ReturnType<typeof database>, file: string, options?: CsvImportRunOptions) => runCsvImport(db.db, [{ path: file }], options);
  const count = (db: ReturnType<typeof database>, sql: string) => (db.sqlite.query(sql).get() as { n: number }).n;

  test("a first import into an empty database nothing else has open is written in one transaction; any other in batches", async () => {
    const file = demoExport(2_000);
    const alone = database();
    expect((await run(alone, file)).writing).toBe("one transaction");
    expect((await run(alone, file)).writing).toBe("batches");

    const beside = database();
    const other = openElsewhere(beside.dataDir);
    expect((await run(beside, file)).writing).toBe("batches");
    other.close();
  });

  test("an import in batches ends as the same import written at once: accounts, orders, one timeline entry each, welcome tasks", async () => {
    const file = demoExport(20_000);
    const atOnce = database();
    const inBatches = database();
    await createTeamOfTwo(atOnce.db);
    await createTeamOfTwo(inBatches.db);
    const other = openElsewhere(inBatches.dataDir);

    const first = await run(atOnce, file);
    const second = await run(inBatches, file);
    other.close();

    expect([first.writing, second.writing]).toEqual(["one transaction", "batches"]);
    expect(second.run!.id).toBe(1);
    expect(recentImportRuns(inBatches.db, 1)[0]!.batches).toBeGreaterThan(1);
    expect(second.result).toEqual(first.result);
    expect(importedState(inBatches.dataDir)).toEqual(importedState(atOnce.dataDir));
    const timelines = (db: ReturnType<typeof database>) =>
      db.sqlite.query("SELECT a.email, v.kind, v.summary, v.occurred_at = a.created_at AS atCustomerSince FROM activities v JOIN accounts a ON a.id = v.account_id ORDER BY 1, 2, 3").all();
    const tasks = (db: ReturnType<typeof database>) =>
      db.sqlite.query("SELECT t.title, a.email, u.email AS assignee, t.due_date, a.owner_user_id = t.assignee_id AS owned FROM tasks t JOIN accounts a ON a.id = t.account_id JOIN users u ON u.id = t.assignee_id ORDER BY 2").all();
    expect(timelines(inBatches)).toEqual(timelines(atOnce));
    expect(tasks(inBatches).length).toBeGreaterThan(0);
    expect(tasks(inBatches)).toEqual(tasks(atOnce));
    expect(count(inBatches, "SELECT count(*) AS n FROM duplicate_queue")).toBe(count(atOnce, "SELECT count(*) AS n FROM duplicate_queue"));
  });

  test("an import in batches tells its progress at every batch it commits and at every batch of its closing count, with how far that count has come", async () => {
    const file = demoExport(6_000);
    const beside = database();
    const other = openElsewhere(beside.dataDir);
    const reports: CsvImportProgress[] = [];
    // As the server runs one: in its shortest batches, so that there are several on any machine.
    const outcome = await run(beside, file, { inServer: true, onProgress: (progress) => reports.push(progress) });
    other.close();

    const batches = recentImportRuns(beside.db, 1)[0]!.batches;
    expect(batches).toBeGreaterThan(1);
    // Every committed batch is told, so a log line is never far off (the command line writes one every 4 s).
    const toldBatches = new Set(reports.flatMap((report) => (report.step === undefined && report.batches !== undefined ? [report.batches] : [])));
    expect([...toldBatches].sort((a, b) => a - b)).toEqual(Array.from({ length: batches }, (_, i) => i + 1));
    const counting = reports.filter((report) => report.step === "counting purchase days");
    const accounts = outcome.result.results.created;
    expect(counting[0]!.stepCounts).toEqual({ done: 0, total: accounts });
    for (const report of counting) expect(report.stepCounts!.total).toBe(accounts);
    expect(counting.map((report) => report.stepCounts!.done)).toEqual(counting.map((report) => report.stepCounts!.done).sort((a, b) => a - b));
  });

  test("beside a server, the closing count holds the lock as long as an import alone, but ends its batch at the step under way once a writer waits", async () => {
    const file = demoExport(6_000);
    const countedPerBatch = async (writerWaiting: boolean) => {
      const beside = database();
      const other = openElsewhere(beside.dataDir);
      // The other connection is a server's, as its process tells (openers.ts).
      const server = Bun.spawn(["sleep", "60"]);
      const openers = openersFolderName(path.join(beside.dataDir, DATABASE_FILE_NAME));
      mkdirSync(openers, { recursive: true });
      writeFileSync(path.join(openers, String(server.pid)), "server");
      // Told as waiting from now on: every batch finds a writer waiting since it began.
      if (writerWaiting) {
        const waitingFile = waitingWritersFileName(path.join(beside.dataDir, DATABASE_FILE_NAME));
        writeFileSync(waitingFile, "");
        const later = Date.now() / 1000 + 3600;
        utimesSync(waitingFile, later, later);
      }
      const reports: CsvImportProgress[] = [];
      await run(beside, file, { onProgress: (progress) => reports.push(progress) });
      server.kill();
      other.close();
      expect(inconsistentAccounts(beside.dataDir)).toEqual([]);
      return reports.filter((report) => report.step === "counting purchase days").map((report) => report.stepCounts!.done);
    };

    // Each batch counts its first step only: the first step of all is PURCHASE_DAY_QUEUE_BATCH accounts.
    const waitedFor = await countedPerBatch(true);
    expect(waitedFor.slice(0, 2)).toEqual([0, PURCHASE_DAY_QUEUE_BATCH]);
    // Left to itself, the first batch goes on past its first step (a step takes milliseconds, a batch up to a second).
    const alone = await countedPerBatch(false);
    expect(alone.length === 1 || alone[1]! > PURCHASE_DAY_QUEUE_BATCH).toBe(true);
  });

  // Several imports in small batches beside another connection: seconds alone, longer on a busy machine.
  test("an order whose item rows are listed apart keeps the items of every batch, and of a stopped run when run again", async () => {
    // One customer's orders, written customer by customer, span many batches: the order's rows fall in two.
    const between = Array.from({ length: 25_000 }, (_, i) => itemRow(`SO-${i}`, "split@clinic.com"));
    const file = path.join(dir.path, "apart.csv");
    writeFileSync(
      file,
      exportCsv([
        itemRow("SPLIT-1", "split@clinic.com", { "Item - SKU": "FIRST" }),
        ...between,
        itemRow("SPLIT-1", "split@clinic.com", { "Item - SKU": "SECOND" }),
      ]),
    );
    const split = (db: ReturnType<typeof database>) =>
      db.sqlite.query("SELECT raw ->> '$.items' AS items, created_at < updated_at AS continuedLater FROM orders WHERE external_id = 'SPLIT-1'").get() as { items: string; continuedLater: number };
    const skus = (db: ReturnType<typeof database>) => (JSON.parse(split(db).items) as { sku: string }[]).map((item) => item.sku);

    const inBatches = database();
    const other = openElsewhere(inBatches.dataDir);
    await run(inBatches, file);
    expect(skus(inBatches)).toEqual(["FIRST", "SECOND"]);
    expect(split(inBatches).continuedLater).toBe(1);

    const stoppedThenRun = database();
    const otherToo = openElsewhere(stoppedThenRun.dataDir);
    const stop = new AbortController();
    const stopped = await run(stoppedThenRun, file, { signal: stop.signal, onProgress: ({ batches }) => batches !== undefined && stop.abort() });
    expect(stopped.state).toBe("interrupted");
    expect(skus(stoppedThenRun)).toEqual(["FIRST"]);
    expect(inconsistentAccounts(stoppedThenRun.dataDir)).toEqual([]);
    expect((await run(stoppedThenRun, file)).state).toBe("completed");
    expect(skus(stoppedThenRun)).toEqual(["FIRST", "SECOND"]);
    expect(importedState(stoppedThenRun.dataDir)).toEqual(importedState(inBatches.dataDir));
    other.close();
    otherToo.close();
  }, 60_000);

  test("batches take the orders customer by customer, each order after its earlier rows, sorted in a scratch file that is gone afterwards", async () => {
    const file = path.join(dir.path, "by-customer.csv");
    const row = (orderNumber: string, email: string, sku = "CUP-12") => itemRow(orderNumber, email, { "Market - Store Name": "Main", "Item - SKU": sku });
    writeFileSync(
      file,
      exportCsv([
        row("1", "a@clinic.com"),
        row("2", "b@clinic.com"),
        row("3", "a@clinic.com"),
        // Order 2 again, now for customer c: it stays in b's place, after its first listing.
        row("2", "c@clinic.com", "LATER"),
        row("4", "c@clinic.com"),
        row("5", "b@clinic.com"),
      ]),
    );
    const target = database();
    const other = openElsewhere(target.dataDir);
    const reports: CsvImportProgress[] = [];
    const outcome = await run(target, file, { onProgress: (progress) => reports.push(progress) });
    other.close();

    expect(outcome.writing).toBe("batches");
    expect(target.sqlite.query("SELECT a.email, o.order_number AS orderNumber FROM orders o JOIN accounts a ON a.id = o.account_id ORDER BY o.id").all()).toEqual([
      { email: "a@clinic.com", orderNumber: "1" },
      { email: "a@clinic.com", orderNumber: "3" },
      { email: "c@clinic.com", orderNumber: "2" },
      { email: "c@clinic.com", orderNumber: "4" },
      { email: "b@clinic.com", orderNumber: "5" },
    ]);
    // Accounts are created in the order of the files all the same.
    expect(target.sqlite.query("SELECT email FROM accounts ORDER BY id").all()).toEqual([{ email: "a@clinic.com" }, { email: "b@clinic.com" }, { email: "c@clinic.com" }]);
    expect(outcome.result.results.customerChanges).toEqual([{ orderNumber: "2", store: "Main", from: "b@clinic.com", to: "c@clinic.com" }]);
    expect(inconsistentAccounts(target.dataDir)).toEqual([]);
    // Read first, then written: the progress counts the orders as listed (order 2 twice) handed to the writer, of all.
    const written = reports.flatMap((report) => (report.ordersWritten ? [report.ordersWritten] : []));
    expect(written.at(-1)).toEqual({ done: 6, total: 6 });
    expect(reports.findIndex((report) => report.ordersWritten !== undefined)).toBeGreaterThan(reports.findIndex((report) => report.rowsRead === 6));
    expect(readdirSync(path.join(target.dataDir, scratchFolderName(DATABASE_FILE_NAME)))).toEqual([]);
  });

  test("beside another process, orders the database has as they are are counted while reading, and only the rest written, as an import alone would", async () => {
    const first = path.join(dir.path, "first.csv");
    const again = path.join(dir.path, "again.csv");
    writeFileSync(first, exportCsv([itemRow("1", "a@clinic.com", { "Item - SKU": "A" }), itemRow("2", "b@clinic.com")]));
    writeFileSync(
      again,
      exportCsv([
        itemRow("1", "a@clinic.com", { "Item - SKU": "A" }),
        itemRow("2", "b@clinic.com", { "Order - Status": "Shipped" }),
        itemRow("3", "c@clinic.com"),
        // Order 1's second item, listed apart: its first listing, unchanged, was met all the same.
        itemRow("1", "a@clinic.com", { "Item - SKU": "B" }),
      ]),
    );
    const alone = database();
    const beside = database();
    await run(alone, first);
    await run(beside, first);
    const other = openElsewhere(beside.dataDir);
    const reports: CsvImportProgress[] = [];
    const besideOutcome = await run(beside, again, { onProgress: (progress) => reports.push(progress) });
    other.close();
    const aloneOutcome = await run(alone, again);

    expect(besideOutcome.result.results).toMatchObject({ ordersCreated: 1, ordersUpdated: 2, ordersUnchanged: 1 });
    expect(besideOutcome.result).toEqual(aloneOutcome.result);
    expect(importedState(beside.dataDir)).toEqual(importedState(alone.dataDir));
    const items = beside.sqlite.query("SELECT raw ->> '$.items' AS items FROM orders WHERE order_number = '1'").get() as { items: string };
    expect((JSON.parse(items.items) as { sku: string }[]).map((item) => item.sku)).toEqual(["A", "B"]);
    expect(reports.flatMap((report) => (report.ordersWritten ? [report.ordersWritten] : [])).at(-1)).toEqual({ done: 3, total: 3 });
  });

  test("a scratch file left by a process that is gone is removed by the next import in batches", async () => {
    const target = database();
    const folder = path.join(target.dataDir, scratchFolderName(DATABASE_FILE_NAME));
    const gone = Bun.spawn(["true"]);
    await gone.exited;
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `${gone.pid}-1.db`), "left behind");
    const other = openElsewhere(target.dataDir);
    await run(target, demoExport(200));
    other.close();
    expect(readdirSync(folder)).toEqual([]);
  });

  test("a stopped import keeps its committed batches and is marked interrupted; one written in one transaction writes nothing", async () => {
    const file = demoExport(20_000);
    const inBatches = database();
    const other = openElsewhere(inBatches.dataDir);
    const stop = new AbortController();
    const stopped = await run(inBatches, file, { signal: stop.signal, onProgress: ({ batches }) => batches !== undefined && stop.abort() });
    other.close();
    expect(stopped).toMatchObject({ state: "interrupted", writing: "batches" });
    expect(stopped.result.results.ordersCreated).toBeGreaterThan(0);
    expect(count(inBatches, "SELECT count(*) AS n FROM orders")).toBe(stopped.result.results.ordersCreated);
    expect(inconsistentAccounts(inBatches.dataDir)).toEqual([]);
    expect(recentImportRuns(inBatches.db, 1)[0]).toMatchObject({ state: "interrupted", ordersCreated: stopped.result.results.ordersCreated, error: "Stopped before finishing; run it again to complete" });

    const atOnce = database();
    const stopNow = new AbortController();
    const rolledBack = await run(atOnce, file, { signal: stopNow.signal, onProgress: () => stopNow.abort() });
    expect(rolledBack).toMatchObject({ state: "interrupted", writing: "one transaction" });
    expect(count(atOnce, "SELECT count(*) AS n FROM orders") + count(atOnce, "SELECT count(*) AS n FROM accounts")).toBe(0);
    expect(recentImportRuns(atOnce.db, 1)[0]).toMatchObject({ state: "interrupted", error: "Stopped before finishing; nothing was written" });
  });

  test("an import waits while another is running, and a run whose process died no longer counts", async () => {
    const file = demoExport(200);
    const target = database();
    const insertRunning = (pid: number) =>
      target.sqlite.run("INSERT INTO import_runs (files, state, host, pid, started_at, heartbeat_at) VALUES ('[\"other.csv\"]', 'running', ?, ?, 0, 0)", [hostname(), pid]);
    const finished = Bun.spawn(["true"]);
    await finished.exited;
    insertRunning(finished.pid);
    expect(recentImportRuns(target.db, 1)[0]!.state).toBe("interrupted");

    const sleeper = Bun.spawn(["sleep", "1"]);
    insertRunning(sleeper.pid);
    expect(claimImportRun(target.db, ["x.csv"])).toMatchObject({ runningImport: { pid: sleeper.pid } });
    const waitedFor: number[] = [];
    const outcome = await run(target, file, { onWaiting: (running) => waitedFor.push(running.pid) });
    expect(waitedFor).toEqual([sleeper.pid]);
    expect(outcome.state).toBe("completed");
    expect(recentImportRuns(target.db, 3).map((importRun) => importRun.state)).toEqual(["completed", "interrupted", "interrupted"]);
    expect(target.sqlite.query("SELECT count(*) AS n FROM import_runs WHERE state = 'running'").get()).toEqual({ n: 0 });
  });

  test("a dry run is not in the history, and beside another connection it works on a copy that nobody waits for", async () => {
    const file = path.join(dir.path, "upload.csv");
    writeFileSync(file, exportCsv([itemRow("1", "a@clinic.com"), itemRow("2", "broken")]));
    const target = database();
    expect(previewCsvImport(target.db, [{ path: file }]).results).toMatchObject({ ordersCreated: 1, created: 1, skipped: 1 });
    const other = openElsewhere(target.dataDir);
    other.run("PRAGMA busy_timeout = 0");
    other.run("BEGIN IMMEDIATE");
    expect(previewCsvImport(target.db, [{ path: file }]).results).toMatchObject({ ordersCreated: 1, created: 1, skipped: 1 });
    other.run("COMMIT");
    other.close();
    expect(recentImportRuns(target.db, 5)).toEqual([]);
    expect(count(target, "SELECT count(*) AS n FROM orders")).toBe(0);
    expect(readdirSync(target.dataDir).filter((name) => name.startsWith("preview-"))).toEqual([]);
  });

});
