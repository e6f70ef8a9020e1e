/**
 * npm run bench:inline-edit — what one inline edit of an account costs: PATCH
 * /api/accounts/{id} changing its phone, one request at a time, against dist/crm serving a fresh data
 * directory (the write and everything that follows the change feed: the timeline, duplicate detection,
 * the audit trail). 2,000 edits after 200 to warm up, five rounds; each round's time per edit, and the
 * server process's CPU time per edit (user and system, from /proc), are printed with their medians. On a
 * shared machine the CPU time varies far less than the time: compare builds by it, run beside each other.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startBenchServer } from "./support/crm-process.ts";

const EDITS = 2_000;
const WARM_UP = 200;
const ROUNDS = 5;

/** The process's CPU time so far, user and system, in milliseconds (/proc counts in hundredths of a second). */
function serverCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const dataDir = mkdtempSync(path.join(tmpdir(), "crm-bench-edit-"));
const server = await startBenchServer(dataDir);
const send = async (method: string, urlPath: string, body: unknown) => {
  const response = await fetch(`${server.url}${urlPath}`, { method, headers: { cookie: server.cookie, "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${urlPath}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<{ id: number }>;
};
try {
  const account = await send("POST", "/api/accounts", { name: "Riverside Clinic", phone: "412-690-4025" });
  const edit = (index: number) => send("PATCH", `/api/accounts/${account.id}`, { phone: index % 2 === 0 ? "(412) 690-4025" : "412-690-4025" });
  for (let index = 0; index < WARM_UP; index++) await edit(index);
  const perEdit: number[] = [];
  const cpuPerEdit: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const [started, cpuBefore] = [performance.now(), serverCpuMs(server.pid)];
    for (let index = 0; index < EDITS; index++) await edit(index);
    perEdit.push((performance.now() - started) / EDITS);
    cpuPerEdit.push((serverCpuMs(server.pid) - cpuBefore) / EDITS);
  }
  const median = (values: number[]) => values.toSorted((a, b) => a - b)[ROUNDS >> 1]!.toFixed(3);
  const list = (values: number[]) => values.map((ms) => ms.toFixed(3)).join(" / ");
  console.log(`inline edit (PATCH /api/accounts/{id}, phone): ${list(perEdit)} ms per edit, median ${median(perEdit)} ms; server CPU ${list(cpuPerEdit)} ms per edit, median ${median(cpuPerEdit)} ms`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
