import { afterEach, beforeEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { seedCustomer } from "../testing/seed.ts";
import { testServer } from "../testing/test-server.ts";

/**
 * A read transaction left open pins the WAL: no checkpoint can copy past what it reads, and the WAL can
 * never start over, so it grows with every write after it (wal.ts). Nothing the server does may leave one
 * open: not its answer cache, not a statement stepped but never finished, not its background work.
 */
let crm: ReturnType<typeof testServer>;
let outside: Database;
beforeEach(() => {
  crm = testServer();
  outside = new Database(crm.sqlite.filename);
  outside.run("PRAGMA busy_timeout = 0");
});
afterEach(async () => {
  outside.close();
  await crm.dispose();
});

/** Whether a checkpoint could copy everything and start the WAL over: it cannot while any connection still reads from it. */
function walCanStartOver(): boolean {
  // Something in the WAL first, so that a pinned reader would matter.
  outside.run("INSERT INTO settings (key, value, updated_at) VALUES ('probe', ?, 0) ON CONFLICT (key) DO UPDATE SET value = excluded.value", [crypto.randomUUID()]);
  const result = outside.query<{ busy: number; log: number; checkpointed: number }, []>("PRAGMA wal_checkpoint(TRUNCATE)").get()!;
  return result.busy === 0 && result.log === 0;
}

test("after the server answered pages, searches, analytics and writes, and its background work ran, no reader of its holds the WAL", async () => {
  for (let n = 1; n <= 30; n++) {
    seedCustomer(crm.db, { email: `buyer${n}@clinic${n}.org`, orders: [{ number: `SO-${n}`, placedAt: "2026-03-02T15:00:00Z", total: 120 + n }] });
  }
  const { cookie } = await crm.signInAs("admin");
  const accounts = await crm.request("GET", "/api/accounts?limit=10", { cookie });
  expect(accounts.status).toBe(200);
  const id = accounts.body[0].id;
  for (const path of [`/api/accounts/${id}`, "/api/accounts?q=clinic1", "/api/analytics/summary", "/api/analytics/cohorts", "/api/analytics/reorders/counts", "/api/config"]) {
    // Twice: the second answer comes from the answer cache.
    for (let i = 0; i < 2; i++) expect((await crm.request("GET", path, { cookie })).status).toBe(200);
  }
  expect((await crm.request("POST", `/api/accounts/${id}/notes`, { cookie, body: { content: "Called about the spring order" } })).status).toBe(201);
  // The activity rules' pass over every account, started with the server.
  await Bun.sleep(100);

  expect(walCanStartOver()).toBe(true);
});

test("the check sees a reader left open: the test would fail if one were", () => {
  const reader = new Database(crm.sqlite.filename);
  reader.run("BEGIN");
  reader.query("SELECT count(*) FROM accounts").get();
  expect(walCanStartOver()).toBe(false);
  reader.run("COMMIT");
  reader.close();
  expect(walCanStartOver()).toBe(true);
});
