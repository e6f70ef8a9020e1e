/**
 * The yardstick of bench:webhook: the least a server can do to take ShipStation's webhooks as the CRM promises
 * to, on a bare Bun.serve in a process of its own as `crm serve` is. For each delivery it reads the body,
 * checks the secret (V1) or the timestamp and the RSA signature against the JWKS on a thread of the pool (V2),
 * parses the JSON, stores the resource in a SQLite file committed with synchronous = FULL, the deliveries of
 * one turn of the event loop in one commit, and answers with the stored number. No framework, no hooks, no
 * security headers, no background work: what this server's bursts read under the same load is the floor the
 * machine sets for the CRM's intake in the same minutes. Prints its URL, then serves until killed.
 * Usage: bun bench/support/bare-intake-server.ts JWKS_URL DATA_FILE SECRET
 */
import { Database } from "bun:sqlite";
import { createPublicKey, verify, type KeyObject } from "node:crypto";
import { SHIPSTATION_V2_WEBHOOK_PATH, SHIPSTATION_WEBHOOK_PATH } from "../../src/contracts/webhooks.ts";

const [jwksUrl, dataFile, secret] = process.argv.slice(2) as [string, string, string];
const jwks = (await (await fetch(jwksUrl)).json()) as { keys: (JsonWebKey & { kid: string })[] };
const keys = new Map<string, KeyObject>(jwks.keys.map((jwk) => [jwk.kid, createPublicKey({ key: jwk, format: "jwk" })]));

const file = new Database(dataFile, { create: true, strict: true });
file.run("PRAGMA journal_mode = WAL");
file.run("PRAGMA synchronous = FULL");
file.run("CREATE TABLE deliveries (id INTEGER PRIMARY KEY AUTOINCREMENT, resource_url TEXT NOT NULL, resource_type TEXT NOT NULL, received_at INTEGER NOT NULL)");
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
      deliveries.forEach((delivery, index) => delivery.stored(ids[index]!));
    });
  }
  const stored = Promise.withResolvers<number>();
  arriving.push({ resourceUrl, resourceType, stored: stored.resolve });
  return stored.promise;
}

function signedGenuinely(request: Request, body: Uint8Array): Promise<boolean> {
  const timestamp = request.headers.get("x-shipengine-timestamp") ?? "";
  const key = keys.get(request.headers.get("x-shipengine-rsa-sha256-key-id") ?? "");
  if (!key || !(Math.abs(Date.now() - Date.parse(timestamp)) <= 5 * 60_000)) return Promise.resolve(false);
  const signed = Buffer.concat([Buffer.from(`${timestamp}.`), body]);
  const signature = Buffer.from(request.headers.get("x-shipengine-rsa-sha256-signature") ?? "", "base64");
  return new Promise((resolve) => verify("sha256", signed, key, signature, (error, genuine) => resolve(!error && genuine)));
}

async function receive(request: Request, generation: "v1" | "v2"): Promise<Response> {
  const body = await request.bytes();
  const genuine = generation === "v2" ? await signedGenuinely(request, body) : new URL(request.url).searchParams.get("secret") === secret;
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
