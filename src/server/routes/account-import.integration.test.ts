import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { previewCsvImport } from "../../core/import/csv-import-preview.ts";
import { seedCustomer } from "../../testing/seed.ts";
import { exportCsv, itemRow } from "../../testing/shipstation-csv.ts";
import { testServer, useTestServer } from "../../testing/test-server.ts";
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

  test("a body over 5,242,880 bytes answers 413 naming the limit and the command that imports it on the server, and stores nothing", async () => {
    const url = await uploadUrl();
    const tooBig = new Uint8Array(5_242_881).fill(0x61);
    const response = await put(url, tooBig);
    // Streamed without a length, the file's size is unknown when it is refused.
    expect(response).toEqual({ status: 413, body: { message: "This file is over the upload limit of 5 MB. Import it on the server with: crm import-csv FILE" } });
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
    const url = await uploadUrl();
    expect((await put(url, exportCsv([itemRow("1", "a@clinic.com")]))).status).toBe(200);
    const preview = await crm.server.request("POST", "/api/accounts/preview-csv", { cookie: crm.cookie, body: { fileUrl: url, columnMap: { customerEmail: "Customer Email", orderDate: "Date - Order Date" } } });
    const response = await processUpload(exportCsv([itemRow("1", "a@clinic.com")])).finally(() => otherImport.kill());
    expect(preview.status).toBe(409);
    expect(preview.body.message).toMatch(/^Import #1 is running \(started .+\); preview this file once it has finished$/);
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

  test("a large upload's preview runs beside other requests: reads and a write are answered before it, a second preview is refused, and it answers as the dry run on the server's own connection does", async () => {
    seedCustomer(crm.server.db, { email: "buyer7@clinic.com", orders: [{ number: "OLD-1", placedAt: "2026-01-05T15:00:00Z", total: 50 }] });
    const bystander = seedCustomer(crm.server.db, { email: "nobody@elsewhere.com", orders: [{ number: "ELSE-1", placedAt: "2026-01-05T15:00:00Z", total: 20 }] });
    const rows = Array.from({ length: 24_000 }, (_, i) => itemRow(`BIG-${i}`, `buyer${i % 3_000}@clinic.com`));
    rows.push(itemRow("BAD-1", "not an e-mail"));
    const url = await uploadUrl();
    expect((await put(url, exportCsv(rows))).status).toBe(200);
    const columnMap = { customerEmail: "Customer Email", orderDate: "Date - Order Date" };
    const answered: string[] = [];
    const previewing = crm.server.request("POST", "/api/accounts/preview-csv", { cookie: crm.cookie, body: { fileUrl: url, columnMap } }).finally(() => answered.push("preview"));
    const [list, write, second] = await Promise.all([
      crm.server.request("GET", "/api/accounts", { cookie: crm.cookie }).finally(() => answered.push("list")),
      crm.server.request("PATCH", `/api/accounts/${bystander}`, { cookie: crm.cookie, body: { name: "Elsewhere Labs" } }).finally(() => answered.push("write")),
      crm.server.request("POST", "/api/accounts/preview-csv", { cookie: crm.cookie, body: { fileUrl: url, columnMap } }).finally(() => answered.push("second preview")),
    ]);
    const preview = await previewing;
    expect(list.status).toBe(200);
    expect(write.status).toBe(200);
    expect(second).toMatchObject({ status: 409, body: { message: "Another file is being previewed; preview this file once that has finished" } });
    expect(answered.at(-1)).toBe("preview");
    expect(preview.status).toBe(200);
    expect(preview.body.results).toMatchObject({ processed: 24_001, created: 2_999, updated: 1, ordersCreated: 24_000, skipped: 1 });

    const [uploadedName] = uploadedFiles();
    const reference = previewCsvImport(crm.server.db, [{ path: path.join(crm.server.dataDir, "uploads", uploadedName!), displayName: "upload", columnMap }]);
    expect(preview.body).toEqual(JSON.parse(JSON.stringify(reference)));
    expect(crm.server.sqlite.query("SELECT count(*) AS n FROM orders").get()).toEqual({ n: 2 });
    expect(readdirSync(crm.server.dataDir).filter((name) => name.includes("preview-"))).toEqual([]);
  }, 60_000);

  test("a file the preview's thread rejects past its first row answers 400 with the reason, as a dry run on the server's thread did", async () => {
    const rows = exportCsv(Array.from({ length: 2_000 }, (_, i) => itemRow(`R-${i}`, `buyer${i}@clinic.com`)));
    // UTF-8 text and then a byte that UTF-8 has not, far past the first row the route reads itself.
    const file = Buffer.concat([Buffer.from(rows), Buffer.from(exportCsv([itemRow("R-X", "cafe@clinic.com", { "Ship To - Company": "Café Crème Pâtisserie" })]).split("\n")[1]!), Buffer.from([0x80, 0x0a])]);
    const url = await uploadUrl();
    expect((await put(url, new Uint8Array(file))).status).toBe(200);
    const preview = await crm.server.request("POST", "/api/accounts/preview-csv", { cookie: crm.cookie, body: { fileUrl: url, columnMap: { customerEmail: "Customer Email", orderDate: "Date - Order Date" } } });
    expect(preview.status).toBe(400);
    expect(preview.body.message).toMatch(/^The file is not UTF-8, UTF-16 or Windows-1252 text \(it has UTF-8 text, and bytes that are not UTF-8 at byte [\d,]+: 0x80 0x0A\)/);
  });

  test("without a session the import routes answer 401", async () => {
    const url = await uploadUrl();
    expect((await crm.server.request("POST", "/api/accounts/upload")).status).toBe(401);
    const { pathname, search } = new URL(url);
    expect((await crm.server.app.handle(new Request(`http://localhost${pathname}${search}`, { method: "PUT", body: "a" }))).status).toBe(401);
    expect((await crm.server.request("POST", "/api/accounts/process-csv", { body: { fileUrl: url } })).status).toBe(401);
    expect((await crm.server.request("POST", "/api/accounts/csv-columns", { body: { fileUrl: url } })).status).toBe(401);
    expect((await crm.server.request("POST", "/api/accounts/preview-csv", { body: { fileUrl: url, columnMap: {} } })).status).toBe(401);
    expect((await crm.server.request("GET", "/api/accounts/import-form")).status).toBe(401);
  });

  describe("with a column map and a preview", () => {
    /** A HubSpot-like export: none of ShipStation's required names. */
    const HUBSPOT_HEADER = ["Order #", "Created Date", "Email", "Company", "Contact Name", "Phone Number", "Total"];
    const hubspotCsv = (rows: string[][]) => [HUBSPOT_HEADER, ...rows].map((cells) => cells.join(",")).join("\n") + "\n";
    const HUBSPOT_MAP = {
      orderNumber: "Order #",
      orderDate: "Created Date",
      customerEmail: "Email",
      shipToCompany: "Company",
      shipToName: "Contact Name",
      shipToPhone: "Phone Number",
      orderTotal: "Total",
    };
    const post = (route: string, body: object) => crm.server.request("POST", `/api/accounts/${route}`, { cookie: crm.cookie, body });

    async function uploaded(csv: string): Promise<string> {
      const url = await uploadUrl();
      expect((await put(url, csv)).status).toBe(200);
      return url;
    }

    test("upload → columns guessed → preview of the mapped file, writing nothing → import with the map, which the next file of that header gets", async () => {
      const csv = hubspotCsv([
        ["H-1", "2026-03-02", "ann@harbor.com", "Harbor Clinic", "Ann Lee", "414-479-4233", "120.50"],
        ["H-2", "2026-03-05", "ben@upland.com", "Upland Labs", "Ben Ode", "", "80"],
        ["H-3", "not a date", "cy@upland.com", "Upland Labs", "Cy Ode", "", "10"],
      ]);
      const url = await uploaded(csv);

      const form = await crm.server.request("GET", "/api/accounts/import-form", { cookie: crm.cookie });
      expect(form.status).toBe(200);
      expect(form.body.uploadLimitBytes).toBe(5_242_880);
      expect(form.body.fields.find((field: { column: string }) => field.column === "orderDate")).toEqual({
        column: "orderDate",
        label: "Order date",
        meaning: "The date this order was placed",
        required: true,
        shipStationHeader: "Date - Order Date",
      });
      // The first and last names of other exports are no ShipStation column.
      expect(form.body.fields.find((field: { column: string }) => field.column === "shipToFirstName")).toMatchObject({ label: "First name", shipStationHeader: null });

      const columns = await post("csv-columns", { fileUrl: url });
      expect(columns.status).toBe(200);
      expect(columns.body).toMatchObject({ remembered: false, columnMap: HUBSPOT_MAP });
      expect(columns.body.columns[2]).toEqual({ header: "Email", example: "ann@harbor.com" });

      const withoutMap = await post("process-csv", { fileUrl: await uploaded(csv) });
      expect(withoutMap).toMatchObject({ status: 400, body: { message: "Missing required column: Date - Order Date" } });

      const preview = await post("preview-csv", { fileUrl: url, columnMap: HUBSPOT_MAP });
      expect(preview.status).toBe(200);
      expect(preview.body.results).toMatchObject({ processed: 3, created: 2, updated: 0, ordersCreated: 2, skipped: 1 });
      expect(preview.body.results.errors).toEqual([expect.stringMatching(/^Row 4: /)]);
      expect(preview.body.samples).toEqual({
        accountsCreated: [
          { email: "ann@harbor.com", name: "Harbor Clinic" },
          { email: "ben@upland.com", name: "Upland Labs" },
        ],
        accountsUpdated: [],
        ordersCreated: [
          { orderNumber: "H-1", customerEmail: "ann@harbor.com" },
          { orderNumber: "H-2", customerEmail: "ben@upland.com" },
        ],
        ordersUpdated: [],
        ordersUnchanged: [],
      });
      expect(crm.server.sqlite.query("SELECT count(*) AS n FROM accounts").get()).toEqual({ n: 0 });

      const imported = await post("process-csv", { fileUrl: url, columnMap: HUBSPOT_MAP });
      expect(imported.status).toBe(200);
      expect(imported.body.results).toMatchObject({ created: 2, ordersCreated: 2, skipped: 1 });
      expect(crm.server.sqlite.query("SELECT name, total_order_cents FROM accounts ORDER BY email").all()).toEqual([
        { name: "Harbor Clinic", total_order_cents: 12050 },
        { name: "Upland Labs", total_order_cents: 8000 },
      ]);

      const skippedRows = await crm.server.app.handle(new Request(`http://localhost/api/accounts/skipped-rows?fileUrl=${encodeURIComponent(url)}`, { headers: { cookie: crm.cookie } }));
      expect(skippedRows.status).toBe(200);
      expect(skippedRows.headers.get("content-disposition")).toBe('attachment; filename="skipped-rows.csv"');
      const lines = (await skippedRows.text()).trimEnd().split("\n");
      expect(lines[0]).toBe("file,line,reason,order_number,customer_email");
      expect(lines.slice(1)).toEqual([expect.stringMatching(/^upload,4,.*,H-3,cy@upland\.com$/)]);

      const nextMonth = await uploaded(hubspotCsv([["H-4", "2026-04-01", "ann@harbor.com", "Harbor Clinic", "Ann Lee", "", "5"]]));
      const remembered = await post("csv-columns", { fileUrl: nextMonth });
      expect(remembered.body).toMatchObject({ remembered: true, columnMap: HUBSPOT_MAP });
      const nextPreview = await post("preview-csv", { fileUrl: nextMonth, columnMap: HUBSPOT_MAP });
      expect(nextPreview.body.samples).toMatchObject({ accountsCreated: [], accountsUpdated: [{ email: "ann@harbor.com", name: "Harbor Clinic" }] });
    });

    test("a map without a required column, or naming a column the file lacks, answers 400 naming the field as the dialog does", async () => {
      const url = await uploaded(hubspotCsv([["H-1", "2026-03-02", "ann@harbor.com", "Harbor Clinic", "Ann Lee", "", "1"]]));
      const { orderDate: _, ...withoutDate } = HUBSPOT_MAP;
      expect(await post("preview-csv", { fileUrl: url, columnMap: withoutDate })).toMatchObject({
        status: 400,
        body: { message: "Order date is required: choose the file's column that holds it", field: "columnMap.orderDate" },
      });
      expect(await post("process-csv", { fileUrl: url, columnMap: { ...HUBSPOT_MAP, orderTotal: "Amount" } })).toMatchObject({
        status: 400,
        body: { message: 'Order total: the file has no column "Amount"', field: "columnMap.orderTotal" },
      });
      expect(crm.server.sqlite.query("SELECT count(*) AS n FROM accounts").get()).toEqual({ n: 0 });
    });

    test("a skipped-rows download of another user's import answers 403, and of an import that skipped nothing 404", async () => {
      const url = await uploaded(hubspotCsv([["H-1", "2026-03-02", "ann@harbor.com", "Harbor Clinic", "Ann Lee", "", "1"]]));
      expect((await post("process-csv", { fileUrl: url, columnMap: HUBSPOT_MAP })).status).toBe(200);
      const download = (cookie: string) => crm.server.app.handle(new Request(`http://localhost/api/accounts/skipped-rows?fileUrl=${encodeURIComponent(url)}`, { headers: { cookie } }));
      expect((await download(crm.cookie)).status).toBe(404);
      const other = await crm.server.signInAs("sales");
      expect((await download(other.cookie)).status).toBe(404);
      expect(uploadedFiles()).toHaveLength(0);
    });
  });

  test("CRM_UPLOAD_LIMIT_MB sets the upload limit: the form says it, and a larger file answers 413 naming both sizes", async () => {
    const server = testServer({ CRM_UPLOAD_LIMIT_MB: "1" });
    try {
      const { cookie } = await server.signInAs("sales");
      expect((await server.request("GET", "/api/accounts/import-form", { cookie })).body.uploadLimitBytes).toBe(1_048_576);
      const url = (await server.request("POST", "/api/accounts/upload", { cookie })).body.uploadURL as string;
      const { pathname, search } = new URL(url);
      const response = await server.app.handle(new Request(`http://localhost${pathname}${search}`, { method: "PUT", headers: { cookie, "content-length": "1600000" }, body: new Uint8Array(1_600_000).fill(0x61) }));
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ message: "This file is 1.5 MB; the upload limit is 1 MB. Import it on the server with: crm import-csv FILE" });
    } finally {
      server.dispose();
    }
  });
});
