/**
 * A terminal import beside a running `crm serve`, as production runs every import: the server idle, or with
 * the bench:concurrency load at work (8 staff signing in, reading pages, opening accounts, editing and
 * adding notes, each acting every quarter of a second; ShipStation posting a webhook every 100 ms; a probe
 * asking for the branding every 20 ms, whose slowest answer is the longest the server's event loop stood
 * still). Measured: the import's time, the largest WAL seen while it ran, and the staff's latencies.
 */
import { statSync } from "node:fs";
import path from "node:path";
import { STAND_IN_API_KEY, STAND_IN_API_SECRET } from "../../src/testing/shipstation-stand-in.ts";
import { CRM_BINARY, readServerUrl, run, startScriptServer } from "./crm-process.ts";

const STAFF = 8;
/** How long a simulated staff member takes between two actions. */
const STAFF_THINK_MS = 250;
const STAFF_PASSWORD = "concurrency-password-1";
const WEBHOOK_SECRET = "bench-concurrency-secret";
const WEBHOOK_BATCHES = 2_000;
/** How often the WAL's size is looked at while an import runs. */
const WAL_LOOK_MS = 50;

export type RequestKind = "sign-in" | "accounts page" | "account detail" | "inline edit" | "add note" | "webhook" | "probe";

export interface ImportBesideServer {
  seconds: number;
  /** The largest crm.db-wal seen while the import ran, in bytes. */
  largestWalBytes: number;
}

export interface StaffLoadReport {
  latencies: Map<RequestKind, number[]>;
  failures: string[];
}

/** The ShipStation stand-in the servers' webhooks fetch their orders from, in a process of its own. */
export async function startShipStationForLoad(): Promise<{ url: string; stop(): Promise<void> }> {
  return startScriptServer("stand-in-server.ts", [String(WEBHOOK_BATCHES), "2", "0"]);
}

/** Times `crm import-csv` of the file into a fresh data directory with nothing else open. */
export async function importAlone(file: string, dataDir: string): Promise<ImportBesideServer> {
  return timedImport(file, dataDir);
}

/** Times the import into a fresh data directory that `crm serve` serves, idle or under the staff load. */
export async function importBesideServer(file: string, dataDir: string, shipStationUrl: string, load: "idle" | "staff"): Promise<ImportBesideServer & { staff?: StaffLoadReport }> {
  const env = { ...process.env, SHIPSTATION_API_URL: shipStationUrl, SHIPSTATION_API_KEY: STAND_IN_API_KEY, SHIPSTATION_API_SECRET: STAND_IN_API_SECRET, SHIPSTATION_WEBHOOK_SECRET: WEBHOOK_SECRET };
  const server = Bun.spawn([CRM_BINARY, "serve", "--port", "0", "--data-dir", dataDir], { env, stdout: "pipe", stderr: "inherit" });
  try {
    const url = await readServerUrl(server.stdout);
    if (load === "idle") return await timedImport(file, dataDir);
    const staff = new StaffLoad(url, shipStationUrl, await addStaff(dataDir));
    const imported = await timedImport(file, dataDir);
    return { ...imported, staff: await staff.stop() };
  } finally {
    server.kill("SIGTERM");
    await server.exited;
  }
}

async function timedImport(file: string, dataDir: string): Promise<ImportBesideServer> {
  const walFile = path.join(dataDir, "crm.db-wal");
  let largestWalBytes = 0;
  let importing = true;
  const watching = (async () => {
    while (importing) {
      largestWalBytes = Math.max(largestWalBytes, statSync(walFile, { throwIfNoEntry: false })?.size ?? 0);
      await Bun.sleep(WAL_LOOK_MS);
    }
  })();
  const started = performance.now();
  try {
    await run([CRM_BINARY, "import-csv", file, "--data-dir", dataDir, "--json"]);
  } finally {
    importing = false;
    await watching;
  }
  return { seconds: (performance.now() - started) / 1000, largestWalBytes };
}

async function addStaff(dataDir: string): Promise<string[]> {
  const emails = Array.from({ length: STAFF }, (_, index) => `staff${index + 1}@concurrency.test`);
  for (const [index, email] of emails.entries()) {
    await run([CRM_BINARY, "user", "add", "--email", email, "--name", `Staff ${index + 1}`, "--role", "sales", "--password", STAFF_PASSWORD, "--data-dir", dataDir]);
  }
  return emails;
}

/** The staff, ShipStation and the probe at work until stopped. */
class StaffLoad {
  private going = true;
  private readonly report: StaffLoadReport = { latencies: new Map(), failures: [] };
  private readonly working: Promise<unknown>;

  constructor(
    private readonly url: string,
    private readonly shipStationUrl: string,
    emails: string[],
  ) {
    this.working = Promise.all([...emails.map((email) => this.staffMember(email)), this.shipStation(), this.probe()]);
  }

  async stop(): Promise<StaffLoadReport> {
    this.going = false;
    await this.working;
    for (const values of this.report.latencies.values()) values.sort((a, b) => a - b);
    return this.report;
  }

  /** One person at work: signs in, pages through accounts, opens one, renames their own account, adds a note, pausing between actions. */
  private async staffMember(email: string): Promise<void> {
    // People do not all press Sign In in the same millisecond.
    await Bun.sleep(Math.random() * 1_000);
    const act = async (kind: RequestKind, request: () => Promise<Response>) => {
      const response = await this.timed(kind, request);
      await Bun.sleep(STAFF_THINK_MS);
      return response;
    };
    const login = await act("sign-in", () => this.send("POST", "/api/auth/login", "", { email, password: STAFF_PASSWORD }));
    if (!login) return;
    const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
    const own = await act("inline edit", () => this.send("POST", "/api/accounts", cookie, { name: `Desk of ${email}` }));
    const ownId = ((await own?.json()) as { id: number } | undefined)?.id;
    for (let turn = 0; this.going; turn++) {
      const page = await act("accounts page", () => fetch(`${this.url}/api/accounts?sort=lastOrderDate&dir=desc&limit=10&offset=${(turn % 20) * 10}`, { headers: { cookie } }));
      const first = ((await page?.json()) as { id: number }[] | undefined)?.[0];
      if (first) await act("account detail", () => fetch(`${this.url}/api/accounts/${first.id}`, { headers: { cookie } }));
      if (ownId !== undefined) {
        await act("inline edit", () => this.send("PATCH", `/api/accounts/${ownId}`, cookie, { phone: `555-01${String(turn % 100).padStart(2, "0")}` }));
        if (turn % 3 === 0) await act("add note", () => this.send("POST", `/api/accounts/${ownId}/notes`, cookie, { content: `Call ${turn}: asked about the next order.` }));
      }
      if (turn % 10 === 9) await act("sign-in", () => this.send("POST", "/api/auth/login", "", { email, password: STAFF_PASSWORD }));
    }
  }

  /** ShipStation's deliveries: one every 100 ms, each naming a resource of its own. */
  private async shipStation(): Promise<void> {
    for (let batch = 0; this.going && batch < WEBHOOK_BATCHES; batch++) {
      await this.timed("webhook", () =>
        this.send("POST", `/api/webhooks/shipstation?secret=${WEBHOOK_SECRET}`, "", { resource_url: `${this.shipStationUrl}/orders?importBatch=batch-${batch}`, resource_type: "ORDER_NOTIFY" }),
      );
      await Bun.sleep(100);
    }
  }

  private async probe(): Promise<void> {
    while (this.going) {
      await this.timed("probe", () => fetch(`${this.url}/api/config`));
      await Bun.sleep(20);
    }
  }

  private async timed(kind: RequestKind, request: () => Promise<Response>): Promise<Response | undefined> {
    const started = performance.now();
    try {
      const response = await request();
      const elapsed = performance.now() - started;
      this.report.latencies.get(kind)?.push(elapsed) ?? this.report.latencies.set(kind, [elapsed]);
      if (!response.ok) {
        this.report.failures.push(`${kind}: ${response.status} ${await response.text()}`);
        return undefined;
      }
      return response;
    } catch (error) {
      this.report.failures.push(`${kind}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  private send(method: string, pathname: string, cookie: string, body: unknown): Promise<Response> {
    return fetch(`${this.url}${pathname}`, { method, headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
  }
}
