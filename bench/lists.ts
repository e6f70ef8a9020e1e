/**
 * npm run bench:lists — on the 100,000-account benchmark database: bulk assignment of 50,000 e-mails,
 * and GET /api/lists with and without a first-order-date filter. Targets: the bulk call at most 2 s;
 * the lists summary p95 at most 30 ms.
 */
import { Database } from "bun:sqlite";
import path from "node:path";
import { benchmarkDatabase } from "./support/benchmark-database.ts";
import { startBenchServer } from "./support/crm-process.ts";
import { formatLoad, measureLoad } from "./support/load.ts";

const { dataDir } = benchmarkDatabase();
const sample = new Database(path.join(dataDir, "crm.db"), { readonly: true });
const accountEmails = sample.query<{ email: string }, []>("SELECT email FROM accounts ORDER BY random() LIMIT 40000").all().map((row) => row.email);
const contactEmails = sample.query<{ email: string }, []>("SELECT email FROM contacts ORDER BY random() LIMIT 5000").all().map((row) => row.email);
sample.close();
const emails = [...accountEmails, ...contactEmails, ...Array.from({ length: 5000 }, (_, i) => `nobody${i}@nowhere.example`)];

const server = await startBenchServer(dataDir);
const request = (method: string, urlPath: string, body?: unknown) =>
  new Request(`${server.url}${urlPath}`, {
    method,
    headers: { cookie: server.cookie, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

try {
  for (const listType of ["active", "legacy"]) {
    const started = performance.now();
    const response = await fetch(request("POST", "/api/accounts/bulk-assign-list", { emails, listType }));
    const ms = performance.now() - started;
    const { results } = (await response.json()) as { results: { accountsFound: number; accountsUpdated: number; notFoundEmails: string[] } };
    console.log(
      `bulk assignment of ${emails.length.toLocaleString("en-US")} e-mails to ${listType}: ${(ms / 1000).toFixed(2)} s ` +
        `(${results.accountsFound.toLocaleString("en-US")} found, ${results.accountsUpdated.toLocaleString("en-US")} moved, ${results.notFoundEmails.length.toLocaleString("en-US")} not found) ` +
        `(target <= 2 s ${ms <= 2000 ? "met" : "MISSED"})`,
    );
  }

  // The summary is cached until data changes; the first call after a change pays the full aggregate.
  for (const query of ["", "?from=2025-06-01&to=2026-06-30"]) {
    const { key } = (await (await fetch(request("POST", "/api/lists", { name: `Bench ${crypto.randomUUID().slice(0, 8)}` }))).json()) as { key: string };
    const started = performance.now();
    await (await fetch(request("GET", `/api/lists${query}`))).arrayBuffer();
    console.log(`lists summary${query ? " with a date filter" : ""}, first call after a change: ${(performance.now() - started).toFixed(1)} ms`);
    console.log(formatLoad(await measureLoad(`lists summary${query ? " with a date filter" : ""}`, () => request("GET", `/api/lists${query}`)), 30));
    await fetch(request("DELETE", `/api/lists/${key}`));
  }
} finally {
  await server.stop();
}
