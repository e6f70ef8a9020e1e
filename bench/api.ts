/**
 * npm run bench:api — the JSON API on 100,000 accounts, 200,000 contacts and 1,000,000 orders, with 16
 * concurrent connections on loopback. Targets: p95 at most 20 ms for each request kind; the accounts
 * page at least half the throughput of a bare Bun.serve answering the same bytes from memory (each server
 * in a process of its own, driven by this one); the
 * dashboard's JavaScript at most 200 KB gzipped.
 */
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { benchmarkDatabase } from "./support/benchmark-database.ts";
import { startBenchServer, startScriptServer } from "./support/crm-process.ts";
import { formatLoad, measureLoad, type LoadResult } from "./support/load.ts";
import { formatDashboardJavaScript, measureDashboardJavaScript } from "./support/dashboard-javascript.ts";

const P95_TARGET_MS = 20;
const THROUGHPUT_ROUNDS = 3;
/** A round of the throughput comparison: long enough (a second or more) that a scheduling hiccup weighs little, after a warm-up that lets the JIT settle. */
const THROUGHPUT_LOAD = { requests: 20_000, warmup: 5_000 };
const { dataDir, heavyAccountId } = benchmarkDatabase();
const server = await startBenchServer(dataDir);
const get = (route: string) => () => new Request(`${server.url}${route}`, { headers: { cookie: server.cookie } });

try {
  const results: LoadResult[] = [];
  const offsets = [0, 10, 500, 5000, 50_000];
  for (const sort of ["name", "lastOrderDate", "orderCount", "totalOrderValue"]) {
    for (const filter of ["", "&status=active", "&timeframe=90"]) {
      const name = `accounts page sort=${sort}${filter ? ` ${filter.slice(1)}` : ""}`;
      results.push(
        await measureLoad(name, (i) => get(`/api/accounts?sort=${sort}&dir=${i % 2 ? "asc" : "desc"}&limit=10&offset=${filter ? 0 : offsets[i % offsets.length]}${filter}`)()),
      );
    }
  }
  results.push(await measureLoad("search, 3 letters", (i) => get(`/api/search?q=${["cli", "lab", "sum", "ops", "rec"][i % 5]}`)()));
  results.push(await measureLoad("search, 10 letters", (i) => get(`/api/search?q=${["riverside ", "clearwater", "toxicolog", "occupation"][i % 4]}`)()));
  results.push(await measureLoad("account detail, 1,000 orders", get(`/api/accounts/${heavyAccountId}`)));
  for (const result of results) console.log(formatLoad(result, P95_TARGET_MS));

  // The yardstick: the same answer's bytes from memory, in a process of its own, through the same client at
  // the same concurrency. The two alternate, and the medians are compared, so that a neighbour's load on
  // this shared machine weighs on both.
  const sameRequest = get("/api/accounts?sort=name&dir=asc&limit=10&offset=0");
  const sample = await fetch(sameRequest());
  const bodyFile = path.join(tmpdir(), `crm-bench-bare-body-${process.pid}.json`);
  await Bun.write(bodyFile, await sample.arrayBuffer());
  const bare = await startScriptServer("bare-server.ts", [bodyFile, sample.headers.get("x-total-count") ?? "0"]);
  const bareResults: LoadResult[] = [];
  const crmResults: LoadResult[] = [];
  try {
    for (let round = 0; round < THROUGHPUT_ROUNDS; round++) {
      bareResults.push(await measureLoad("bare Bun.serve, same bytes", () => new Request(bare.url), THROUGHPUT_LOAD));
      crmResults.push(await measureLoad("accounts page sort=name (same request)", sameRequest, THROUGHPUT_LOAD));
    }
  } finally {
    await bare.stop();
    rmSync(bodyFile, { force: true });
  }
  for (const result of [...bareResults, ...crmResults]) console.log(formatLoad(result));
  const ratio = medianThroughput(crmResults) / medianThroughput(bareResults);
  console.log(`accounts page throughput / bare server, medians of ${THROUGHPUT_ROUNDS}: ${ratio.toFixed(2)} (target >= 0.5 ${ratio >= 0.5 ? "met" : "MISSED"})`);

  console.log(formatDashboardJavaScript(await measureDashboardJavaScript(server.url), 200));
} finally {
  await server.stop();
}

function medianThroughput(results: LoadResult[]): number {
  const sorted = results.map((result) => result.requestsPerSecond).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
