/**
 * The second yardstick of bench:api: the least an Elysia app does, one route answering the same bytes from
 * memory with the same headers as bare-server.ts, served by Bun.serve as `crm serve` serves its API, in a
 * process of its own. What it loses against the bare server is the framework's share, which no work on the
 * CRM's own code can win back. Prints its URL, then serves until killed.
 * Usage: bun bench/support/elysia-server.ts BODY_FILE X_TOTAL_COUNT
 */
import { readFileSync } from "node:fs";
import { Elysia } from "elysia";

const [bodyFile, totalCount] = process.argv.slice(2) as [string, string];
const body = readFileSync(bodyFile, "utf8");
const app = new Elysia().get("/api/accounts", ({ set }) => {
  set.headers["content-type"] = "application/json";
  set.headers["x-total-count"] = totalCount;
  return body;
});
const server = Bun.serve({ port: 0, routes: { "/api/*": (request) => app.fetch(request) } });
console.log(server.url.href);
