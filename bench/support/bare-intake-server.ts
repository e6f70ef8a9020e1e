/**
 * The yardstick of bench:webhook: the least a server can do to take ShipStation's webhooks as the CRM promises
 * to, on a bare Bun.serve in a process of its own as `crm serve` is. For each delivery it reads the body,
 * checks the secret (V1) or, with the CRM's own check, the timestamp and the RSA signature against the JWKS (V2),
 * parses the JSON, stores the resource in a SQLite file, the deliveries of one turn of the event loop in one
 * commit, and answers with the stored number once the WAL is on the disk: synced after the commit on a thread
 * of the pool, as the CRM's intake does (webhook-intake.ts), the durability of synchronous = FULL without
 * the server's thread waiting for the disk. No framework, no hooks, no
 * security headers, no background work: what this server's bursts read under the same load is the floor the
 * machine sets for the CRM's intake in the same minutes. Prints its URL, then serves until killed.
 * Usage: bun bench/support/bare-intake-server.ts JWKS_URL DATA_FILE SECRET
 */
import { Database } from "bun:sqlite";
import { fsync, openSync } from "node:fs";
import { SHIPSTATION_V2_WEBHOOK_PATH, SHIPSTATION_WEBHOOK_PATH } from "../../src/contracts/webhooks.ts";
import { checkV2Signature, V2WebhookKeys } from "../../src/core/shipstation/v2-webhook.ts";

const [jwksUrl, dataFile, secret] = process.argv.slice(2) as [string, string, string];
// The CRM's own signature check and key set: the floor leaves out what surrounds them, not the check.
const keys = new V2WebhookKeys();

const file = new Database(dataFile, { create: true, strict: true });
file.run("PRAGMA journal_mode = WAL");
file.run("PRAGMA synchronous = NORMAL");
file.run("CREATE TABLE deliveries (id INTEGER PRIMARY KEY AUTOINCREMENT, resource_url TEXT NOT NULL, resource_type TEXT NOT NULL, received_at INTEGER NOT NULL)");
const wal = openSync(`${dataFile}-wal`, "r");
const insert = file.query("INSERT INTO deliveries (resource_url, resource_type, received_at) VALUES (?, ?, ?)");
type Arriving = { resourceUrl: string; resourceType: string; stored: (id: number) => void };
const commit = file.transaction((deliveries: Arriving[]) => deliveries.map((delivery) => Number(insert.run(delivery.resourceUrl, delivery.resourceType, Date.now()).lastInsertRowid)));
let arriving: Arriving[] | null = null;

function store(resourceUrl: string, resourceType: string): Promise<number> {
  if (!arriving) {
    arriving = [];
    setImmediate(() => {
      const deliveries = arriving!;
      arriving = null;
      const ids = commit(deliveries);
      fsync(wal, () => deliveries.forEach((delivery, index) => delivery.stored(ids[index]!)));
    });
  }
  const stored = Promise.withResolvers<number>();
  arriving.push({ resourceUrl, resourceType, stored: stored.resolve });
  return stored.promise;
}

async function receive(request: Request, generation: "v1" | "v2"): Promise<Response> {
  const body = await request.bytes();
  const genuine =
    generation === "v2"
      ? (await checkV2Signature(keys, jwksUrl, { keyId: request.headers.get("x-shipengine-rsa-sha256-key-id"), signature: request.headers.get("x-shipengine-rsa-sha256-signature"), timestamp: request.headers.get("x-shipengine-timestamp") }, body)) === null
      : new URL(request.url).searchParams.get("secret") === secret;
  if (!genuine) return Response.json({ message: "Not signed" }, { status: 401 });
  const delivery = JSON.parse(new TextDecoder().decode(body)) as { resource_url: string; resource_type: string };
  return Response.json({ id: await store(delivery.resource_url, delivery.resource_type), received: true });
}

const server = Bun.serve({
  port: 0,
  routes: {
    [SHIPSTATION_WEBHOOK_PATH]: { POST: (request) => receive(request, "v1") },
    [SHIPSTATION_V2_WEBHOOK_PATH]: { POST: (request) => receive(request, "v2") },
  },
});
console.log(server.url.href);
