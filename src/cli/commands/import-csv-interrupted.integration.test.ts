import { afterEach, beforeAll, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Database } from "bun:sqlite";
import { whenDatabaseFree } from "../../core/database/busy.ts";
import { neverWaitOnEventLoop } from "../../core/database/open.ts";
import { openCrmDatabase, type OpenedCrmDatabase } from "../../core/startup/open-crm-database.ts";
import { tellWritersWaiting } from "../../core/database/waiting-writers.ts";
import { activityMoves, importedState, inconsistentAccounts, timelineLines } from "../../testing/imported-state.ts";
import { builtCrm } from "../../testing/built-crm.ts";
import { CLI_TEST_TIMEOUT_MS, runCrm } from "../../testing/run-crm.ts";
import { temporaryDirectory, type TemporaryDirectory, useTemporaryDirectoryForAll } from "../../testing/temporary-directory.ts";

setDefaultTimeout(CLI_TEST_TIMEOUT_MS);

/**
 * A long import commits in batches: killed, stopped or run twice at once, it must end as one clean import
 * of the same file once it has run to the end. One realistic export (`crm demo-data`) and its clean import,
 * made once, are what every test compares with.
 */
describe("crm import-csv, interrupted or run twice at once", () => {
  // Enough rows for an import beside another connection to commit dozens of batches, so that each kill
  // lands where its test says, and few enough for the file to stay a small part of the suite.
  const EXPORT_ROWS = 20_000;
  // Each test runs an import in batches beside another connection, some twice: on a machine busy with
  // other tests that takes longer than bun's default 20 s.
  const IMPORT_TEST_TIMEOUT_MS = 90_000;
  const shared = useTemporaryDirectoryForAll("crm-import-interrupted-");
  let exportFile: string;
  let reference: ReturnType<typeof importedState>;
  let referenceTimeline: unknown[];
  let referenceOrders: Set<string>;
  beforeAll(async () => {
    exportFile = path.join(shared.path, "history.csv");
    expect((await runCrm(["demo-data", "--rows", String(EXPORT_ROWS), "--seed", "3", "--out", exportFile])).exitCode).toBe(0);
    const referenceDir = path.join(shared.path, "reference");
    expect((await runCrm(["import-csv", exportFile, "--json", "--data-dir", referenceDir])).exitCode).toBe(0);
    reference = importedState(referenceDir);
    referenceTimeline = timelineLines(referenceDir);
    referenceOrders = new Set(reference.orders.map((order) => JSON.stringify(order)));
  }, IMPORT_TEST_TIMEOUT_MS);

  let dir: TemporaryDirectory;
  let watcher: OpenedCrmDatabase | undefined;
  beforeEach(() => {
    dir = temporaryDirectory("crm-import-interrupted-run-");
  });
  afterEach(() => {
    watcher?.close();
    watcher = undefined;
    dir.dispose();
  });

  const dataDir = () => path.join(dir.path, "data");
  /** A connection of the test's own, watching the history as the server could: with it open, imports commit in batches. */
  function watch(): OpenedCrmDatabase {
    watcher = openCrmDatabase(dataDir());
    return watcher;
  }
  function startImport(file = exportFile) {
    return Bun.spawn([builtCrm(), "import-csv", file, "--data-dir", dataDir()], { stdout: "pipe", stderr: "pipe" });
  }
  /** The first run's committed progress, read every 5 ms until `enough` says so; fails if the run ends first. */
  async function untilProgress(opened: OpenedCrmDatabase, enough: (run: { ordersCreated: number; batches: number }) => boolean): Promise<void> {
    const read = opened.sqlite.query<{ state: string; ordersCreated: number; batches: number }, []>(
      "SELECT state, orders_created AS ordersCreated, batches FROM import_runs WHERE id = 1",
    );
    for (;;) {
      const run = read.get();
      if (run && run.state !== "running") throw new Error(`the import ended (${run.state}) before the point the test stops it at`);
      if (run && enough(run)) return;
      await Bun.sleep(5);
    }
  }
  const history = async () => JSON.parse((await runCrm(["imports", "--json", "--data-dir", dataDir()])).stdout) as { state: string; ordersCreated: number; error: string | null }[];

  test.each([
    ["early", 0],
    ["midway", 0.4],
    ["late", 0.8],
  ])("killed %s, an import leaves every order whole and every account consistent; run again, it ends as one clean import", async (_, fraction) => {
    const opened = watch();
    const child = startImport();
    await untilProgress(opened, (run) => run.batches > 0 && run.ordersCreated >= fraction * reference.orders.length);
    child.kill("SIGKILL");
    await child.exited;
    opened.close();
    watcher = undefined;

    expect(inconsistentAccounts(dataDir())).toEqual([]);
    const stored = importedState(dataDir()).orders;
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.length).toBeLessThan(reference.orders.length);
    expect(stored.filter((order) => !referenceOrders.has(JSON.stringify(order)))).toEqual([]);
    const [killed] = await history();
    expect(killed).toMatchObject({ state: "interrupted", ordersCreated: stored.length });

    const again = await runCrm(["import-csv", exportFile, "--json", "--data-dir", dataDir()]);
    expect(again.exitCode).toBe(0);
    expect(JSON.parse(again.stdout).results).toMatchObject({ ordersCreated: reference.orders.length - stored.length, ordersUpdated: 0, ordersUnchanged: stored.length });
    expect(importedState(dataDir())).toEqual(reference);
    // One line per account about its orders, as the clean import wrote, not one more for each run.
    expect(timelineLines(dataDir())).toEqual(referenceTimeline);
    expect(activityMoves(dataDir())).toEqual({});
    // The run that completed it resumes it, and the history times the import from its first start.
    const [completed, first] = (await history()) as unknown as { id: number; state: string; startedAt: string; resumedRunIds: number[]; firstStartedAt: string }[];
    expect([completed!.state, first!.state]).toEqual(["completed", "interrupted"]);
    expect(completed).toMatchObject({ resumesRunId: first!.id, resumedRunIds: [first!.id], firstStartedAt: first!.startedAt });
    const table = (await runCrm(["imports", "--data-dir", dataDir()])).stdout;
    expect(table).toMatch(new RegExp(`│ #${first!.id} +│`));
  }, IMPORT_TEST_TIMEOUT_MS);

  test("killed while writing alone after an earlier import, and run again: every timeline reads as after one clean import", async () => {
    // Alone, an import writes its orders as read: an account's orders fall on both sides of the kill, and
    // the run that completes it brings the killed run's lines up to date rather than adding its own. Alone,
    // a batch holds the lock for a second: a larger export makes sure the kill comes between two of them.
    const earlierFile = path.join(dir.path, "earlier.csv");
    const largerFile = path.join(dir.path, "larger.csv");
    expect((await runCrm(["demo-data", "--rows", "200", "--seed", "9", "--out", earlierFile])).exitCode).toBe(0);
    expect((await runCrm(["demo-data", "--rows", String(3 * EXPORT_ROWS), "--seed", "3", "--out", largerFile])).exitCode).toBe(0);
    const cleanDir = path.join(dir.path, "clean");
    for (const file of [earlierFile, largerFile]) expect((await runCrm(["import-csv", file, "--data-dir", cleanDir])).exitCode).toBe(0);
    expect((await runCrm(["import-csv", earlierFile, "--data-dir", dataDir()])).exitCode).toBe(0);

    const child = startImport(largerFile);
    // Read through a connection opened for each look, so that the import writes alone.
    const committedBatches = () => {
      const sqlite = new Database(path.join(dataDir(), "crm.db"), { readonly: true });
      try {
        return sqlite.query<{ batches: number }, []>("SELECT batches FROM import_runs WHERE id = 2").get()?.batches ?? 0;
      } finally {
        sqlite.close();
      }
    };
    while (committedBatches() === 0) await Bun.sleep(50);
    child.kill("SIGKILL");
    await child.exited;
    expect((await history())[0]).toMatchObject({ state: "interrupted" });
    expect((await runCrm(["import-csv", largerFile, "--data-dir", dataDir()])).exitCode).toBe(0);
    expect(timelineLines(dataDir())).toEqual(timelineLines(cleanDir));
    expect(activityMoves(dataDir())).toEqual(activityMoves(cleanDir));
  }, 3 * IMPORT_TEST_TIMEOUT_MS);

  test("an import runs niced, so that a server beside it gets a busy core first", async () => {
    const opened = watch();
    const child = startImport();
    await untilProgress(opened, (run) => run.batches > 0);
    const stat = readFileSync(`/proc/${child.pid}/stat`, "utf8");
    child.kill("SIGKILL");
    await child.exited;
    // Fields after the command's name in parentheses: the state is the third of /proc's, the niceness the 19th.
    expect(Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16])).toBeGreaterThanOrEqual(10);
  }, IMPORT_TEST_TIMEOUT_MS);

  test("two imports of one file at once end as one import: the second waits for the first", async () => {
    const [first, second] = await Promise.all([
      runCrm(["import-csv", exportFile, "--json", "--data-dir", dataDir()]),
      runCrm(["import-csv", exportFile, "--json", "--data-dir", dataDir()]),
    ]);
    expect([first.exitCode, second.exitCode]).toEqual([0, 0]);
    // Whichever claimed its place second began after the first had finished.
    const [later, earlier] = (await history()) as unknown as { startedAt: string; finishedAt: string }[];
    expect(Date.parse(later!.startedAt)).toBeGreaterThanOrEqual(Date.parse(earlier!.finishedAt));
    const created = [first, second].map((run) => JSON.parse(run.stdout).results.ordersCreated as number);
    expect(created.toSorted((a, b) => a - b)).toEqual([0, reference.orders.length]);
    expect(importedState(dataDir())).toEqual(reference);
  }, IMPORT_TEST_TIMEOUT_MS);

  test("while an import writes in batches, a writer that says it waits, as the server does, gets the lock within a few batches", async () => {
    const opened = watch();
    neverWaitOnEventLoop(opened.sqlite);
    const child = startImport();
    await untilProgress(opened, (run) => run.batches > 0);
    const waits: number[] = [];
    const write = opened.sqlite.query("INSERT INTO settings (key, value) VALUES ('productName', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value");
    const running = opened.sqlite.query<{ state: string }, []>("SELECT state FROM import_runs WHERE id = 1");
    while (running.get()!.state === "running") {
      const started = performance.now();
      await whenDatabaseFree(() => write.run(`Probe ${waits.length}`), { whileWaiting: () => tellWritersWaiting(opened.sqlite) });
      waits.push(performance.now() - started);
      await Bun.sleep(10);
    }
    expect(await child.exited).toBe(0);
    expect(waits.length).toBeGreaterThan(10);
    // bench:concurrency measures the wait; on a machine busy with other tests this allows for slow batches.
    expect(Math.max(...waits)).toBeLessThan(1_000);
  }, IMPORT_TEST_TIMEOUT_MS);

  test("SIGTERM stops at the next commit: exit 143, one line on stderr, interrupted in the history, completed by running again", async () => {
    const opened = watch();
    const child = startImport();
    await untilProgress(opened, (run) => run.batches > 0);
    child.kill("SIGTERM");
    const [stderr, exitCode] = await Promise.all([new Response(child.stderr).text(), child.exited]);
    opened.close();
    watcher = undefined;
    expect(exitCode).toBe(143);
    expect(stderr.trimEnd().split("\n").at(-1)).toMatch(/^crm: import #1 stopped by SIGTERM after [\d,]+ rows \([\d,]+ orders written, each complete\); run the same command again to finish$/);
    expect(inconsistentAccounts(dataDir())).toEqual([]);
    expect((await history())[0]).toMatchObject({ state: "interrupted", error: "Stopped before finishing; run it again to complete" });
    expect((await runCrm(["imports", "--data-dir", dataDir()])).stdout).toMatch(/│ 1 +│ .+ │ history\.csv +│ interrupted +│/);

    expect((await runCrm(["import-csv", exportFile, "--data-dir", dataDir()])).exitCode).toBe(0);
    expect(importedState(dataDir())).toEqual(reference);
  }, IMPORT_TEST_TIMEOUT_MS);

  test("a first import into an empty database is one transaction: SIGINT exits 130 having written nothing, and so does a kill", async () => {
    const interrupted = startImport();
    // Its first progress line comes once it is writing.
    await interrupted.stderr.getReader().read();
    interrupted.kill("SIGINT");
    expect(await interrupted.exited).toBe(130);
    const killed = startImport();
    await killed.stderr.getReader().read();
    killed.kill("SIGKILL");
    await killed.exited;

    expect(importedState(dataDir())).toMatchObject({ accounts: [], orders: [], contacts: [], analytics: { dayTotals: [], cohorts: [] } });
    expect(await history()).toEqual([
      expect.objectContaining({ state: "interrupted", error: null }),
      expect.objectContaining({ state: "interrupted", error: "Stopped before finishing; nothing was written" }),
    ]);
  }, IMPORT_TEST_TIMEOUT_MS);
});
