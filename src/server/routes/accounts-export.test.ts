import { describe, expect, test } from "bun:test";
import Papa from "papaparse";
import { ACCOUNT_EXPORT_COLUMNS, ACCOUNT_EXPORT_PATH, MAX_SELECTED_ACCOUNTS, TOO_MANY_SELECTED_ACCOUNTS } from "../../contracts/accounts.ts";
import { EXPORT_BATCH_SIZE } from "../../core/csv/export-batches.ts";
import { recordOrders } from "../../core/orders/record-orders.ts";
import { businessToday } from "../../core/time/business-calendar.ts";
import { daysAgo, incomingOrder, seedCustomer, SEEDED_DELIVERY } from "../../testing/seed.ts";
import { useTestServer } from "../../testing/test-server.ts";

describe(`GET ${ACCOUNT_EXPORT_PATH}`, () => {
  const crm = useTestServer({ signInAs: "sales" });

  /** The download as the browser receives it: the test server's `request` reads answers as JSON. */
  async function download(query = "", cookie = crm.cookie) {
    const response = await crm.server.app.handle(new Request(`http://localhost${ACCOUNT_EXPORT_PATH}${query}`, { headers: cookie ? { cookie } : {} }));
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    return { status: response.status, headers: response.headers, bytes, text, rows: Papa.parse<string[]>(text.replace(/^\uFEFF/, "").trimEnd()).data };
  }
  const names = (rows: string[][]) => rows.slice(1).map((row) => row[0]);
  const pageNames = async (query: string) =>
    ((await crm.server.request("GET", `/api/accounts${query}${query ? "&" : "?"}limit=500`, { cookie: crm.cookie })).body as { name: string }[]).map((account) => account.name);

  async function seedThree() {
    const alpha = seedCustomer(crm.server.db, {
      email: "buyer@alpha-clinic.com",
      company: "alpha Clinic",
      contactName: "Ann Alpha",
      orders: [
        { number: "A1", placedAt: "2026-01-10T15:00:00Z", total: 60 },
        // 02:00 UTC on 1 March is still 28 February in New York.
        { number: "A2", placedAt: "2026-03-01T02:00:00Z", total: 1234.5 },
      ],
    });
    const beta = seedCustomer(crm.server.db, { email: "lab@beta.org", company: "Beta Lab", orders: [{ number: "B1", placedAt: daysAgo(400), total: 10 }] });
    const gamma = (await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name: "Gamma Prospect" } })).body.id as number;
    return { alpha, beta, gamma };
  }

  test("answers 401 without a session, and reads nothing", async () => {
    const refused = await download("", "");
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.text)).toEqual({ message: "Not signed in" });
  });

  test("streams an attachment for Excel: BOM, header, the list's name, owner, US dates, money and the primary contact", async () => {
    const { alpha } = await seedThree();
    const admin = await crm.server.signInAs("admin", "dana@example.com");
    crm.server.sqlite.run("UPDATE users SET name = 'Dana Lee' WHERE id = ?", [admin.user.id]);
    await crm.server.request("POST", "/api/lists", { cookie: crm.cookie, body: { name: "Key Accounts" } });
    await crm.server.request("PATCH", `/api/accounts/${alpha}/list-type`, { cookie: crm.cookie, body: { listType: "key-accounts" } });
    await crm.server.request("PATCH", `/api/accounts/${alpha}`, { cookie: crm.cookie, body: { ownerUserId: admin.user.id, phone: "555-0100" } });

    const csv = await download();
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe(`attachment; filename="accounts-${businessToday()}.csv"`);
    expect(csv.headers.get("cache-control")).toBe("no-store");
    expect(csv.headers.get("x-content-type-options")).toBe("nosniff");
    expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.text).toContain("\r\n");
    expect(csv.rows[0]).toEqual([...ACCOUNT_EXPORT_COLUMNS]);
    expect(names(csv.rows)).toEqual(["alpha Clinic", "Beta Lab", "Gamma Prospect"]);
    expect(csv.rows[1]).toEqual([
      "alpha Clinic",
      "buyer@alpha-clinic.com",
      "alpha-clinic.com",
      "555-0100",
      "Key Accounts",
      "Dana Lee",
      "01/10/2026",
      "01/10/2026",
      "02/28/2026",
      "2",
      "1294.50",
      "Ann Alpha <buyer@alpha-clinic.com>",
    ]);
    const gamma = csv.rows[3]!;
    expect(gamma.slice(0, 5)).toEqual(["Gamma Prospect", "", "", "", "New"]);
    expect(gamma.slice(7)).toEqual(["", "", "0", "0.00", ""]);
  });

  test("phones are written as people read them, with no apostrophe; formulas still get one", async () => {
    const { alpha, beta } = await seedThree();
    await crm.server.request("PATCH", `/api/accounts/${alpha}`, { cookie: crm.cookie, body: { phone: "+1 414-479-4233 x12" } });
    await crm.server.request("PATCH", `/api/accounts/${beta}`, { cookie: crm.cookie, body: { name: "=HYPERLINK(\"http://evil\")", phone: "213.748.8406" } });
    const csv = await download();
    expect(csv.text).toContain(",(414) 479-4233 x12,");
    expect(csv.text).toContain(",(213) 748-8406,");
    expect(csv.text).not.toContain("'(");
    expect(csv.text).not.toContain("+1");
    expect(csv.text).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });

  test("exports every matching account, past any page, in the order the table's sort gives", async () => {
    const count = EXPORT_BATCH_SIZE + 205;
    recordOrders(crm.server.db, (recorder) => {
      for (let n = 0; n < count; n++) {
        recorder.record(incomingOrder(`buyer${n}@clinic${n}.com`, { number: `N${n}`, placedAt: daysAgo(1 + (n % 50)), total: n + 0.25 }, { company: `Clinic ${String(n).padStart(4, "0")}` }));
      }
    }, { delivery: SEEDED_DELIVERY });
    const all = await download("?sort=totalOrderValue&dir=desc");
    expect(all.rows).toHaveLength(count + 1);
    expect(all.rows[1]![0]).toBe(`Clinic ${count - 1}`);
    expect(all.rows.at(-1)![0]).toBe("Clinic 0000");
    expect(new Set(names(all.rows)).size).toBe(count);

    const filtered = await download("?q=clinic12&sort=name&dir=desc");
    expect(names(filtered.rows)).toEqual(await pageNames("?q=clinic12&sort=name&dir=desc"));
    // clinic12, clinic120-129 and clinic1200-1204.
    expect(names(filtered.rows)).toHaveLength(16);
  });

  test("honours the table's filters: status, timeframe, text, list, first-order window", async () => {
    await seedThree();
    for (const query of ["?status=active", "?status=dormant", "?status=prospect", "?timeframe=14", "?q=beta", "?list=legacy", "?from=2026-01-01&to=2026-01-31", "?sort=lastOrderDate&dir=desc"]) {
      expect({ query, names: names((await download(query)).rows) }).toEqual({ query, names: await pageNames(query) });
    }
    expect(names((await download("?status=prospect")).rows)).toEqual(["Gamma Prospect"]);
    expect(names((await download("?from=2026-01-01&to=2026-01-31")).rows)).toEqual(["alpha Clinic"]);
  });

  test("escapes what could break the file or run as a formula", async () => {
    for (const name of ['=HYPERLINK("http://evil.example","Click")', "Smith, Jones & Co", '"Quoted" Labs', "-Minus Supply", "@Home Clinic"]) {
      await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name } });
    }
    const csv = await download();
    expect(csv.text).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(names(csv.rows).sort()).toEqual(['"Quoted" Labs', "'-Minus Supply", "'=HYPERLINK(\"http://evil.example\",\"Click\")", "'@Home Clinic", "Smith, Jones & Co"]);
  });

  test("ids export just those accounts, in the table's order; too many or malformed ids answer 400", async () => {
    const { alpha, gamma } = await seedThree();
    expect(names((await download(`?ids=${gamma},${alpha},99999&sort=name&dir=desc`)).rows)).toEqual(["Gamma Prospect", "alpha Clinic"]);

    const tooMany = await download(`?ids=${Array.from({ length: MAX_SELECTED_ACCOUNTS + 1 }, (_, n) => n + 1).join(",")}`);
    expect(tooMany.status).toBe(400);
    expect(JSON.parse(tooMany.text)).toEqual({ field: "ids", message: TOO_MANY_SELECTED_ACCOUNTS });
    expect(JSON.parse((await download("?ids=1,two")).text)).toEqual({ field: "ids", message: "ids must be account ids separated by commas" });
  });

  test("an unknown list or a bad filter answers 400 naming it", async () => {
    expect(JSON.parse((await download("?list=gold")).text)).toEqual({ field: "list", message: "list must be one of new, active, legacy" });
    const badStatus = await download("?status=asleep");
    expect(badStatus.status).toBe(400);
    expect(JSON.parse(badStatus.text).field).toBe("status");
  });
});
