import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { exportCsv, itemRow } from "../../testing/shipstation-csv.ts";
import { useTestServer } from "../../testing/test-server.ts";
import { MAX_UNFINISHED_UPLOADS_PER_USER } from "../../contracts/imports.ts";
import { UPLOAD_LIFETIME_MS, UPLOADED_FILE_KEPT_AFTER_EXPIRY_MS } from "../../core/import/uploads.ts";

describe("importing a CSV through the API", () => {
  const crm = useTestServer({ signInAs: "sales" });

  async function uploadUrl(cookie = crm.cookie): Promise<string> {
    const response = await crm.server.request("POST", "/api/accounts/upload", { cookie });
    expect(response.status).toBe(200);
    return response.body.uploadURL;
  }

  async function put(url: string, body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) {
    const { pathname, search } = new URL(url);
    const response = await crm.server.app.handle(
      new Request(`http://localhost${pathname}${search}`, { method: "PUT", headers: { cookie: crm.cookie, "content-type": "text/csv", ...headers }, body }),
    );
    return { status: response.status, body: await response.json() };
  }

  const uploadedFiles = () => (existsSync(path.join(crm.server.dataDir, "uploads")) ? readdirSync(path.join(crm.server.dataDir, "uploads")) : []);
  const uploadIdOf = (url: string) => new URL(url).pathname.split("/").pop()!;
  const setExpiry = (url: string, expiresAt: number) => crm.server.sqlite.run("UPDATE uploads SET expires_at = ? WHERE id = ?", [expiresAt, uploadIdOf(url)]);

  test("upload, PUT and process-csv import the file, answer the import result and delete the upload", async () => {
    const url = await uploadUrl();
    expect(url).toMatch(/^http:\/\/localhost\/api\/uploads\/[0-9a-f]{32}\?expires=\d+&signature=[0-9a-f]{64}$/);
    const csv = exportCsv([itemRow("1", "a@clinic.com"), itemRow("1", "a@clinic.com"), itemRow("2", "b@lab.com")]);
    expect(await put(url, csv)).toEqual({ status: 200, body: { uploaded: true, byteSize: Buffer.byteLength(csv) } });
    expect(uploadedFiles()).toHaveLength(1);

    const processed = await crm.server.request("POST", "/api/accounts/process-csv", { cookie: crm.cookie, body: { fileUrl: url } });
    expect(processed.status).toBe(200);
    expect(processed.body).toEqual({
      success: true,
      message: "Imported 2 orders for 2 accounts (2 new)",
      results: { processed: 3, created: 2, updated: 0, ordersCreated: 2, ordersUpdated: 0, ordersUnchanged: 0, skipped: 0, errors: [], customersChanged: 0, customerChanges: [] },
    });
    expect(uploadedFiles()).toHaveLength(0);
    const again = await crm.server.request("POST", "/api/accounts/process-csv", { cookie: crm.cookie, body: { fileUrl: url } });
    expect(again.status).toBe(400);
  });

  test("a second PUT to the same URL answers 409", async () => {
    const url = await uploadUrl();
    expect((await put(url, "a,b\n")).status).toBe(200);
    expect(await put(url, "c,d\n")).toEqual({ status: 409, body: { message: "A file was already uploaded to this URL" } });
  });

  test("a wrong signature or an expired URL answers 403 and stores nothing", async () => {
    const url = await uploadUrl();
    const forged = url.replace(/signature=([0-9a-f])/, (_, first: string) => `signature=${first === "a" ? "b" : "a"}`);
    expect((await put(forged, "a,b\n")).status).toBe(403);
    const stretched = url.replace(/expires=(\d+)/, (_, expires: string) => `expires=${Number(expires) + UPLOAD_LIFETIME_MS}`);
    expect((await put(stretched, "a,b\n")).status).toBe(403);

    // A correctly signed URL whose time has passed, signed here with the server's key as it would have been.
    const id = new URL(url).pathname.split("/").pop()!;
    const expired = Date.now() - 1000;
    const key = crm.server.sqlite.query<{ value: string }, []>("SELECT value FROM settings WHERE key = 'uploadSigningKey'").get()!.value;
    const signature = new Bun.CryptoHasher("sha256", key).update(`${id}.${expired}`).digest("hex");
    expect(await put(`http://localhost/api/uploads/${id}?expires=${expired}&signature=${signature}`, "a,b\n")).toEqual({
      status: 403,
      body: { message: "The upload URL has expired" },
    });
    expect(uploadedFiles()).toHaveLength(0);
  });

  test("another user's PUT to an upload URL answers 403 and stores nothing; its owner's PUT still succeeds", async () => {
    const url = await uploadUrl();
    const other = await crm.server.signInAs("sales");
    expect(await put(url, "a,b\n", { cookie: other.cookie })).toEqual({
      status: 403,
      body: { message: "This upload URL was issued to another user; ask for an upload URL of your own" },
    });
    expect(uploadedFiles()).toHaveLength(0);
    expect((await put(url, "a,b\n")).status).toBe(200);
  });

  test("another user's process-csv of an uploaded file answers 403 and imports nothing; its owner can still import it", async () => {
    const url = await uploadUrl();
    expect((await put(url, exportCsv([itemRow("1", "a@clinic.com")]))).status).toBe(200);
    const other = await crm.server.signInAs("admin");
    const refused = await crm.server.request("POST", "/api/accounts/process-csv", { cookie: other.cookie, body: { fileUrl: url } });
    expect(refused).toMatchObject({ status: 403, body: { message: "This upload URL was issued to another user; ask for an upload URL of your own" } });
    expect(crm.server.sqlite.query("SELECT count(*) AS n FROM accounts").get()).toEqual({ n: 0 });
    expect(uploadedFiles()).toHaveLength(1);
    const processed = await crm.server.request("POST", "/api/accounts/process-csv", { cookie: crm.cookie, body: { fileUrl: url } });
    expect(processed).toMatchObject({ status: 200, body: { results: { created: 1 } } });
  });

  test(`beyond ${MAX_UNFINISHED_UPLOADS_PER_USER} unfinished uploads a user is answered 429 with Retry-After until the oldest expires; a processed or expired one frees a place`, async () => {
    const urls: string[] = [];
    for (let i = 0; i < MAX_UNFINISHED_UPLOADS_PER_USER; i++) urls.push(await uploadUrl());
    setExpiry(urls[0]!, Date.now() + 90_000);

    const refused = await crm.server.request("POST", "/api/accounts/upload", { cookie: crm.cookie });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      message: `You already have ${MAX_UNFINISHED_UPLOADS_PER_USER} uploads in progress, the most at once; import a file you uploaded, or wait for the oldest upload URL to expire. Try again in 2 minutes.`,
    });
    const retryAfter = refused.headers.get("retry-after")!;
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThan(80);
    expect(Number(retryAfter)).toBeLessThanOrEqual(90);
    // The limit is each user's own.
    await uploadUrl((await crm.server.signInAs("sales")).cookie);

    expect((await put(urls[1]!, exportCsv([itemRow("1", "a@clinic.com")]))).status).toBe(200);
    expect((await crm.server.request("POST", "/api/accounts/process-csv", { cookie: crm.cookie, body: { fileUrl: urls[1] } })).status).toBe(200);
    await uploadUrl();
    expect((await crm.server.request("POST", "/api/accounts/upload", { cookie: crm.cookie })).status).toBe(429);
    setExpiry(urls[0]!, Date.now() - 1000);
    await uploadUrl();
  });

  test("a file uploaded to a URL since expired can be processed for a while, then answers 400 and imports nothing", async () => {
    const withinKeep = await uploadUrl();
    expect((await put(withinKeep, exportCsv([itemRow("1", "a@clinic.com")]))).status).toBe(200);
    setExpiry(withinKeep, Date.now() - UPLOADED_FILE_KEPT_AFTER_EXPIRY_MS + 60_000);
    expect((await crm.server.request("POST", "/api/accounts/process-csv", { cookie: crm.cookie, body: { fileUrl: withinKeep } })).status).toBe(200);

    const pastKeep = await uploadUrl();
    expect((await put(pastKeep, exportCsv([itemRow("2", "b@lab.com")]))).status).toBe(200);
    setExpiry(pastKeep, Date.now() - UPLOADED_FILE_KEPT_AFTER_EXPIRY_MS - 60_000);
    const refused = await crm.server.request("POST", "/api/accounts/process-csv", { cookie: crm.cookie, body: { fileUrl: pastKeep } });
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 400,
      body: { message: "The file uploaded to fileUrl has expired; upload it again", field: "fileUrl" },
    });
    expect(crm.server.sqlite.query("SELECT count(*) AS n FROM accounts").get()).toEqual({ n: 1 });
  });

  test("a body over 5,242,880 bytes answers 413 and stores nothing", async () => {
    const url = await uploadUrl();
    const tooBig = new Uint8Array(5_242_881).fill(0x61);
    const response = await put(url, tooBig);
    expect(response.status).toBe(413);
    expect(response.body.message).toContain("5 MB");
    expect(uploadedFiles()).toHaveLength(0);
    expect((await put(url, "a,b\n")).status).toBe(200);
  });

  test("a PUT whose expires is not a whole number, or without a signature, answers 400 naming it and stores nothing", async () => {
    const url = await uploadUrl();
    for (const expires of ["abc", "1.5", "-1", "1e309"]) {
      const response = await put(url.replace(/expires=\d+/, `expires=${expires}`), "a,b\n");
      expect({ expires, ...response }).toMatchObject({ expires, status: 400, body: { message: "expires must be a whole number from 0 to 9007199254740991" } });
    }
    expect(await put(url.replace(/&signature=\w+/, ""), "a,b\n")).toEqual({ status: 400, body: { message: "signature is required", field: "signature" } });
    expect(uploadedFiles()).toHaveLength(0);
    expect((await put(url, "a,b\n")).status).toBe(200);
  });

  test("process-csv refuses a URL this server did not issue, without fetching it", async () => {
    let fetched = false;
    const outside = Bun.serve({ port: 0, fetch: () => ((fetched = true), new Response("Customer Email,Date - Order Date\n")) });
    try {
      for (const fileUrl of [`${outside.url.href}data.csv`, "http://localhost/api/uploads/abc?expires=1&signature=x", "not a url", "file:///etc/passwd"]) {
        const response = await crm.server.request("POST", "/api/accounts/process-csv", { cookie: crm.cookie, body: { fileUrl } });
        expect({ fileUrl, status: response.status }).toEqual({ fileUrl, status: 400 });
        expect(response.body.message).toContain("fileUrl");
      }
      expect(fetched).toBe(false);
    } finally {
      outside.stop(true);
    }
    expect((await crm.server.request("POST", "/api/accounts/process-csv", { cookie: crm.cookie, body: {} })).body).toEqual({ message: "fileUrl is required", field: "fileUrl" });
  });

  test("a rejected file answers 400 with what is missing, writes nothing and is deleted", async () => {
    const url = await uploadUrl();
    await put(url, "Order - Number,Date - Order Date\n1,4/2/2026\n");
    const response = await crm.server.request("POST", "/api/accounts/process-csv", { cookie: crm.cookie, body: { fileUrl: url } });
    expect(response).toMatchObject({ status: 400, body: { message: "Missing required column: Customer Email" } });
    expect(crm.server.sqlite.query("SELECT count(*) AS n FROM accounts").get()).toEqual({ n: 0 });
    expect(uploadedFiles()).toHaveLength(0);
  });

  async function processUpload(csv: string) {
    const url = await uploadUrl();
    expect((await put(url, csv)).status).toBe(200);
    return crm.server.request("POST", "/api/accounts/process-csv", { cookie: crm.cookie, body: { fileUrl: url } });
  }

  test("an upload's import is recorded in the import history, as the command line's are", async () => {
    expect((await processUpload(exportCsv([itemRow("1", "a@clinic.com"), itemRow("2", "b@lab.com")]))).status).toBe(200);
    expect(crm.server.sqlite.query("SELECT files, state, rows_read AS rowsRead, orders_created AS ordersCreated, accounts_created AS accountsCreated FROM import_runs").all()).toEqual([
      { files: '["upload"]', state: "completed", rowsRead: 2, ordersCreated: 2, accountsCreated: 2 },
    ]);
  });

  test("while another import is running, processing an upload answers 409 naming it and writes nothing", async () => {
    // The history tells a running import by its process being alive: one stands in for it.
    const otherImport = Bun.spawn(["sleep", "60"]);
    const now = Date.now();
    crm.server.sqlite
      .query("INSERT INTO import_runs (files, state, host, pid, started_at, heartbeat_at) VALUES ('[\"big.csv\"]', 'running', ?, ?, ?, ?)")
      .run(hostname(), otherImport.pid, now, now);
    const response = await processUpload(exportCsv([itemRow("1", "a@clinic.com")])).finally(() => otherImport.kill());
    expect(response.status).toBe(409);
    expect(response.body.message).toMatch(/^Import #1 is running \(started .+\); import this file once it has finished$/);
    expect(crm.server.sqlite.query("SELECT count(*) AS n FROM orders").get()).toEqual({ n: 0 });
  });

  test("a large upload is imported in batches while other requests are answered, and ends as one import", async () => {
    const rows = Array.from({ length: 12_000 }, (_, i) => itemRow(`BIG-${i}`, `buyer${i % 3_000}@clinic.com`));
    const importing = processUpload(exportCsv(rows));
    let finished = false;
    void importing.then(() => (finished = true));
    let answeredMeanwhile = 0;
    while (!finished) {
      expect((await crm.server.request("GET", "/api/auth/me", { cookie: crm.cookie })).status).toBe(200);
      if (!finished) answeredMeanwhile++;
      await Bun.sleep(5);
    }
    expect((await importing).body.results).toMatchObject({ processed: 12_000, ordersCreated: 12_000, created: 3_000 });
    expect(answeredMeanwhile).toBeGreaterThan(1);
    const [run] = crm.server.sqlite.query<{ state: string; batches: number }, []>("SELECT state, batches FROM import_runs").all();
    expect(run!.state).toBe("completed");
    expect(run!.batches).toBeGreaterThan(1);
    const recount = crm.server.sqlite
      .query("SELECT count(*) AS n FROM accounts a WHERE order_count != (SELECT count(*) FROM orders o WHERE o.account_id = a.id)")
      .get();
    expect(recount).toEqual({ n: 0 });
  });

  test("without a session the import routes answer 401", async () => {
    const url = await uploadUrl();
    expect((await crm.server.request("POST", "/api/accounts/upload")).status).toBe(401);
    const { pathname, search } = new URL(url);
    expect((await crm.server.app.handle(new Request(`http://localhost${pathname}${search}`, { method: "PUT", body: "a" }))).status).toBe(401);
    expect((await crm.server.request("POST", "/api/accounts/process-csv", { body: { fileUrl: url } })).status).toBe(401);
  });
});
