/**
 * npm run bench:concurrency — the server beside a terminal import. A 400,000-row `crm import-csv` runs in
 * its own process against the data directory `crm serve` uses, while 8 staff sign in, read pages, open
 * accounts, edit fields and add notes (each acting every quarter of a second: 32 actions a second, several
 * times what eight people at their keyboards do), ShipStation posts a webhook every 100 ms (ten a second, far more than a supplies business receives), and a probe asks
 * for the branding every 20 ms (its slowest answer is the longest the server's event loop stood still).
 * Targets: no failures; p95 at most 100 ms and max at most 1 s for every kind of request; the import at
 * most 1.3 times as long as the same import beside an idle server.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { STAND_IN_API_KEY, STAND_IN_API_SECRET } from "../src/testing/shipstation-stand-in.ts";
import { CRM_BINARY, readServerUrl, run, startScriptServer } from "./support/crm-process.ts";

/** BENCH_ROWS changes the size of the export (default 400,000 rows). */
const IMPORT_ROWS = Number(process.env.BENCH_ROWS ?? 400_000);
const STAFF = 8;
/** How long a simulated staff member takes between two actions. */
const STAFF_THINK_MS = 250;
const STAFF_PASSWORD = "concurrency-password-1";
const WEBHOOK_SECRET = "bench-concurrency-secret";
const WEBHOOK_BATCHES = 2_000;
const TARGET_P95_MS = 100;
const TARGET_MAX_MS = 1_000;
const TARGET_IMPORT_RATIO = 1.3;

type Kind = "sign-in" | "accounts page" | "account detail" | "inline edit" | "add note" | "webhook" | "probe";
const latencies = new Map<Kind, number[]>();
const failures: string[] = [];

const work = mkdtempSync(path.join(tmpdir(), "crm-bench-concurrency-"));
const exportFile = path.join(work, "history.csv");
await run([CRM_BINARY, "demo-data", "--rows", String(IMPORT_ROWS), "--out", exportFile]);
const standIn = await startScriptServer("stand-in-server.ts", [String(WEBHOOK_BATCHES), "2", "0"]);

try {
  const idleSeconds = await withServer("idle", async (server) => timedImport(server.dataDir));
  console.log(`import of ${IMPORT_ROWS.toLocaleString("en-US")} rows beside an idle server: ${idleSeconds.toFixed(2)} s`);

  const busySeconds = await withServer("busy", async (server) => {
    const emails = await addStaff(server.dataDir);
    let importing = true;
    const load = Promise.all([...emails.map((email) => staffMember(server.url, email, () => importing)), shipStation(server.url, () => importing), probe(server.url, () => importing)]);
    const seconds = await timedImport(server.dataDir);
    importing = false;
    await load;
    return seconds;
  });

  console.log(`\nduring a ${IMPORT_ROWS.toLocaleString("en-US")}-row import in another process:`);
  let allMet = failures.length === 0;
  for (const [kind, values] of latencies) {
    values.sort((a, b) => a - b);
    const at = (fraction: number) => values[Math.min(values.length - 1, Math.floor(fraction * values.length))] ?? 0;
    const max = values.at(-1) ?? 0;
    const met = at(0.95) <= TARGET_P95_MS && max <= TARGET_MAX_MS;
    allMet &&= met;
    console.log(
      `  ${kind.padEnd(16)} ${String(values.length).padStart(6)} requests  p50 ${at(0.5).toFixed(1).padStart(6)} ms  p95 ${at(0.95).toFixed(1).padStart(6)} ms  max ${max.toFixed(1).padStart(7)} ms` +
        `  (p95 <= ${TARGET_P95_MS} ms, max <= ${TARGET_MAX_MS} ms ${met ? "met" : "MISSED"})`,
    );
  }
  const probeMax = latencies.get("probe")?.at(-1) ?? 0;
  console.log(`  longest event-loop stall, as the probe saw it: ${probeMax.toFixed(1)} ms`);
  console.log(`  failures: ${failures.length} (target none ${failures.length === 0 ? "met" : "MISSED"})${failures.slice(0, 5).map((failure) => `\n    ${failure}`).join("")}`);
  const ratio = busySeconds / idleSeconds;
  console.log(`import beside working staff: ${busySeconds.toFixed(2)} s, ratio to idle ${ratio.toFixed(2)} (target <= ${TARGET_IMPORT_RATIO} ${ratio <= TARGET_IMPORT_RATIO ? "met" : "MISSED"})`);
  console.log(allMet && ratio <= TARGET_IMPORT_RATIO ? "all targets met" : "some targets MISSED");
} finally {
  await standIn.stop();
  rmSync(work, { recursive: true, force: true });
}

/** A fresh data directory served by dist/crm for the length of `use`. */
async function withServer<T>(name: string, use: (server: { url: string; dataDir: string }) => Promise<T>): Promise<T> {
  const dataDir = path.join(work, name);
  const env = { ...process.env, SHIPSTATION_API_URL: standIn.url, SHIPSTATION_API_KEY: STAND_IN_API_KEY, SHIPSTATION_API_SECRET: STAND_IN_API_SECRET, SHIPSTATION_WEBHOOK_SECRET: WEBHOOK_SECRET };
  const child = Bun.spawn([CRM_BINARY, "serve", "--port", "0", "--data-dir", dataDir], { env, stdout: "pipe", stderr: "inherit" });
  try {
    return await use({ url: await readServerUrl(child.stdout), dataDir });
  } finally {
    child.kill("SIGTERM");
    await child.exited;
  }
}

async function timedImport(dataDir: string): Promise<number> {
  const started = performance.now();
  await run([CRM_BINARY, "import-csv", exportFile, "--data-dir", dataDir, "--json"]);
  return (performance.now() - started) / 1000;
}

async function addStaff(dataDir: string): Promise<string[]> {
  const emails = Array.from({ length: STAFF }, (_, index) => `staff${index + 1}@concurrency.test`);
  for (const [index, email] of emails.entries()) {
    await run([CRM_BINARY, "user", "add", "--email", email, "--name", `Staff ${index + 1}`, "--role", "sales", "--password", STAFF_PASSWORD, "--data-dir", dataDir]);
  }
  return emails;
}

/** One person at work: signs in, pages through accounts, opens one, renames their own account, adds a note, pausing between actions. */
async function staffMember(url: string, email: string, going: () => boolean): Promise<void> {
  // People do not all press Sign In in the same millisecond.
  await Bun.sleep(Math.random() * 1_000);
  const act = async (kind: Kind, request: () => Promise<Response>) => {
    const response = await timed(kind, request);
    await Bun.sleep(STAFF_THINK_MS);
    return response;
  };
  const login = await act("sign-in", () => post(url, "/api/auth/login", "", { email, password: STAFF_PASSWORD }));
  if (!login) return;
  const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
  const own = await act("inline edit", () => post(url, "/api/accounts", cookie, { name: `Desk of ${email}` }));
  const ownId = ((await own?.json()) as { id: number } | undefined)?.id;
  for (let turn = 0; going(); turn++) {
    const page = await act("accounts page", () => fetch(`${url}/api/accounts?sort=lastOrderDate&dir=desc&limit=10&offset=${(turn % 20) * 10}`, { headers: { cookie } }));
    const first = ((await page?.json()) as { id: number }[] | undefined)?.[0];
    if (first) await act("account detail", () => fetch(`${url}/api/accounts/${first.id}`, { headers: { cookie } }));
    if (ownId !== undefined) {
      await act("inline edit", () => send(url, "PATCH", `/api/accounts/${ownId}`, cookie, { phone: `555-01${String(turn % 100).padStart(2, "0")}` }));
      if (turn % 3 === 0) await act("add note", () => post(url, `/api/accounts/${ownId}/notes`, cookie, { content: `Call ${turn}: asked about the next order.` }));
    }
    if (turn % 10 === 9) await act("sign-in", () => post(url, "/api/auth/login", "", { email, password: STAFF_PASSWORD }));
  }
}

/** ShipStation's deliveries: one every 100 ms, each naming a resource of its own. */
async function shipStation(url: string, going: () => boolean): Promise<void> {
  for (let batch = 0; going() && batch < WEBHOOK_BATCHES; batch++) {
    await timed("webhook", () =>
      post(url, `/api/webhooks/shipstation?secret=${WEBHOOK_SECRET}`, "", { resource_url: `${standIn.url}/orders?importBatch=batch-${batch}`, resource_type: "ORDER_NOTIFY" }),
    );
    await Bun.sleep(100);
  }
}

async function probe(url: string, going: () => boolean): Promise<void> {
  while (going()) {
    await timed("probe", () => fetch(`${url}/api/config`));
    await Bun.sleep(20);
  }
}

async function timed(kind: Kind, request: () => Promise<Response>): Promise<Response | undefined> {
  const started = performance.now();
  try {
    const response = await request();
    const elapsed = performance.now() - started;
    latencies.get(kind)?.push(elapsed) ?? latencies.set(kind, [elapsed]);
    if (!response.ok) {
      failures.push(`${kind}: ${response.status} ${await response.text()}`);
      return undefined;
    }
    return response;
  } catch (error) {
    failures.push(`${kind}: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

function post(url: string, pathname: string, cookie: string, body: unknown): Promise<Response> {
  return send(url, "POST", pathname, cookie, body);
}

function send(url: string, method: string, pathname: string, cookie: string, body: unknown): Promise<Response> {
  return fetch(`${url}${pathname}`, { method, headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
}
