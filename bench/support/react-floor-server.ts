/**
 * The yardstick of bench:screens' first loads: a React page showing the same accounts as the dashboard's
 * first screen and nothing else (react-floor/), served by Bun as a production bundle, in a process of its
 * own. What a fresh browser takes to show it is what Chromium on this machine needs for any React page
 * showing those rows: the floor under the dashboard's first loads. Prints its URL, then serves until killed.
 * Usage: bun bench/support/react-floor-server.ts ROWS_FILE
 */
import { readFileSync } from "node:fs";
import page from "./react-floor/index.html";

const rows = readFileSync(process.argv[2]!, "utf8");
const server = Bun.serve({
  port: 0,
  development: false,
  routes: { "/": page, "/rows": () => new Response(rows, { headers: { "content-type": "application/json" } }) },
});
// Bun bundles the page on its first request: made here, so that no measured load waits for it.
await (await fetch(server.url)).text();
console.log(server.url.href);
