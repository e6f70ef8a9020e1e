/**
 * The yardstick of bench:api: a bare Bun.serve answering every request with the same bytes from memory,
 * in a process of its own as `crm serve` is, so that both pay the same cost of being woken by another
 * process. Prints its URL, then serves until killed.
 * Usage: bun bench/support/bare-server.ts BODY_FILE X_TOTAL_COUNT
 */
import { readFileSync } from "node:fs";

const [bodyFile, totalCount] = process.argv.slice(2) as [string, string];
const body = new Uint8Array(readFileSync(bodyFile));
const headers = { "content-type": "application/json", "x-total-count": totalCount };
const server = Bun.serve({ port: 0, fetch: () => new Response(body, { headers }) });
console.log(server.url.href);
