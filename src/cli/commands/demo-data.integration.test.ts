import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { readFileSync } from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import { CLI_TEST_TIMEOUT_MS, runCrm } from "../../testing/run-crm.ts";
import { useTemporaryDirectory } from "../../testing/temporary-directory.ts";

setDefaultTimeout(CLI_TEST_TIMEOUT_MS);

describe("crm demo-data", () => {
  const dir = useTemporaryDirectory("crm-demo-");

  test("writes exactly the rows asked for, the same bytes for the same options, and imports cleanly but for its bad rows, into as many accounts as it says", async () => {
    const first = path.join(dir.path, "a.csv");
    const second = path.join(dir.path, "b.csv");
    const args = ["--rows", "5000", "--seed", "7", "--end-date", "2026-11-15"];
    const run = await runCrm(["demo-data", ...args, "--out", first]);
    expect(run.exitCode).toBe(0);
    const summary = /^Wrote 5,000 rows \([\d,]+ orders, (\d+) customers, (\d+) planted duplicates?, (\d+) bad rows?\) to /.exec(run.stdout);
    expect(summary).not.toBeNull();
    const [customers, plantedDuplicates, badRows] = summary!.slice(1).map(Number) as [number, number, number];
    expect(customers).toBeGreaterThan(480);
    expect(plantedDuplicates).toBeGreaterThan(0);
    const stores = /\nOrders: ([\d,]+) from Supply Direct Store, ([\d,]+) from Amazon Store; ([\d,]+) orders sharing their number with another store's order, ([\d,]+) cancelled, ([\d,]+) rejected \(Rejected Fulfillment\)\n$/.exec(run.stdout);
    expect(stores).not.toBeNull();
    const [mainOrders, marketplaceOrders, sharing] = stores!.slice(1, 4).map((figure) => Number(figure.replaceAll(",", ""))) as [number, number, number];
    expect(marketplaceOrders).toBeGreaterThan(0);
    expect(marketplaceOrders).toBeLessThan(mainOrders / 10);
    expect(sharing).toBeGreaterThan(0);
    await runCrm(["demo-data", ...args, "--out", second]);
    expect(readFileSync(first).equals(readFileSync(second))).toBe(true);

    const parsed = Papa.parse<Record<string, string>>(readFileSync(first, "utf8"), { header: true, skipEmptyLines: true });
    expect(parsed.data).toHaveLength(5000);

    const imported = await runCrm(["import-csv", first, "--json", "--data-dir", path.join(dir.path, "data")]);
    const result = JSON.parse(imported.stdout).results;
    expect(result.processed).toBe(5000);
    expect(result.skipped).toBe(badRows);
    expect(result.created).toBe(customers);
  });

  test("another seed gives another file; bad flags are usage errors", async () => {
    const one = path.join(dir.path, "one.csv");
    const two = path.join(dir.path, "two.csv");
    await runCrm(["demo-data", "--rows", "50", "--seed", "1", "--end-date", "2026-11-15", "--out", one]);
    await runCrm(["demo-data", "--rows", "50", "--seed", "2", "--end-date", "2026-11-15", "--out", two]);
    expect(readFileSync(one).equals(readFileSync(two))).toBe(false);
    for (const bad of [["--rows", "many"], ["--rows", "10", "--end-date", "2026-02-30"], ["--rows", "10", "--seed", "-1"]]) {
      const run = await runCrm(["demo-data", ...bad, "--out", path.join(dir.path, "x.csv")]);
      expect(run.exitCode).toBe(2);
    }
  });
});
