import { beforeEach, describe, expect, test } from "bun:test";
import { COMMAND_LINE } from "../../core/changes/actor.ts";
import type { IncomingOrder } from "../../core/orders/incoming-order.ts";
import { recordOrders } from "../../core/orders/record-orders.ts";
import { addDays, businessToday, startOfBusinessDay } from "../../core/time/business-calendar.ts";
import { useTestServer } from "../../testing/test-server.ts";
import { SEEDED_DELIVERY } from "../../testing/seed.ts";

/**
 * The analytics API over HTTP: who may call it, what it refuses, and the reorder radar's bands, filter,
 * account rhythm and tasks on accounts ordering every 20 or 30 days. The figures themselves are checked
 * against an independent recount in src/core/analytics/analytics.test.ts.
 */
describe("analytics API", () => {
  const crm = useTestServer({ signInAs: "sales" });
  const get = (url: string, cookie = crm.cookie) => crm.server.request("GET", url, { cookie });

  /** Orders at noon in New York so many days before today, one account per e-mail. */
  function orderDaysAgo(email: string, daysAgo: number[], totalCents = 10_000): IncomingOrder[] {
    return daysAgo.map((days, index) => ({
      source: "csv",
      externalId: `${email}-${index}`,
      orderNumber: `${email}-${index}`,
      store: null,
      shipstationOrderId: null,
      status: null,
      customerEmail: email,
      placedAt: new Date(startOfBusinessDay(addDays(businessToday(), -days)) + 12 * 3_600_000),
      totalCents,
      shipTo: { company: email.split("@")[0] },
      items: [{ sku: "CUP-12", name: "12-Panel Cup", quantity: 2, unitPriceCents: 5_000 }],
      details: {},
    }));
  }

  let ids: Record<string, number>;
  beforeEach(() => {
    recordOrders(
      crm.server.db,
      (recorder) => {
        for (const order of [
          ...orderDaysAgo("due@clinic.com", [60, 40, 20], 30_000),
          ...orderDaysAgo("atrisk@clinic.com", [90, 70, 50]),
          ...orderDaysAgo("lapsed@clinic.com", [200, 180, 160]),
          ...orderDaysAgo("ontrack@clinic.com", [65, 35, 5]),
          ...orderDaysAgo("twice@clinic.com", [10, 3]),
        ]) {
          recorder.record(order);
        }
      },
      { actor: COMMAND_LINE, delivery: SEEDED_DELIVERY },
    );
    ids = Object.fromEntries(crm.server.sqlite.query<{ email: string; id: number }, []>("SELECT email, id FROM accounts").all().map((row) => [row.email.split("@")[0], row.id]));
  });

  test("every analytics route needs a session", async () => {
    for (const url of ["summary", "monthly", "cohorts", "products", "reorders?status=due", "reorders/counts"]) {
      expect((await get(`/api/analytics/${url}`, "")).status).toBe(401);
    }
    expect((await crm.server.request("POST", "/api/analytics/reorders/tasks", { body: { status: "due" } })).status).toBe(401);
  });

  test("bad dates, months and values answer 400 naming the parameter", async () => {
    const refused = [
      ["/api/analytics/summary?from=2026-02-30", "from"],
      ["/api/analytics/summary?from=yesterday", "from"],
      ["/api/analytics/summary?from=2026-05-01&to=2026-04-01", "from"],
      ["/api/analytics/monthly?to=2026-13", "to"],
      ["/api/analytics/cohorts?from=2026/01", "from"],
      ["/api/analytics/products?limit=0", "limit"],
      ["/api/analytics/reorders", "status"],
      ["/api/analytics/reorders?status=soon", "status"],
      ["/api/analytics/reorders?status=due&sort=email", "sort"],
      ["/api/analytics/reorders?status=due&limit=501", "limit"],
      ["/api/accounts?reorder=overdue", "reorder"],
    ] as const;
    for (const [url, field] of refused) {
      const response = await get(url);
      expect({ url, status: response.status }).toEqual({ url, status: 400 });
      expect(response.body.message).toContain(field);
    }
  });

  test("each band lists its accounts with their rhythm; counts, the accounts filter and the account screen agree", async () => {
    const due = await get("/api/analytics/reorders?status=due");
    expect(due.headers.get("x-total-count")).toBe("1");
    expect(due.body).toEqual([
      {
        id: ids.due,
        name: expect.any(String),
        email: "due@clinic.com",
        orderCount: 3,
        totalOrderValue: 900,
        lastOrderDate: addDays(businessToday(), -20),
        medianGapDays: 20,
        expectedNextOrderDate: businessToday(),
        daysSinceLastOrder: 20,
        daysOverdue: 0,
        status: "due",
        ownerUserId: null,
      },
    ]);
    expect((await get("/api/analytics/reorders/counts")).body).toEqual({ due: 1, "at-risk": 1, lapsed: 1 });
    expect((await get("/api/analytics/reorders?status=at-risk")).body.map((account: { id: number }) => account.id)).toEqual([ids.atrisk]);
    expect((await get("/api/analytics/reorders?status=lapsed")).body.map((account: { id: number }) => account.id)).toEqual([ids.lapsed]);

    const filtered = await get("/api/accounts?reorder=at-risk");
    expect(filtered.headers.get("x-total-count")).toBe("1");
    expect(filtered.body.map((account: { id: number }) => account.id)).toEqual([ids.atrisk]);

    expect((await get(`/api/accounts/${ids.due}`)).body.reorder).toEqual({ medianGapDays: 20, expectedNextOrderDate: businessToday(), daysSinceLastOrder: 20, daysOverdue: 0, status: "due" });
    expect((await get(`/api/accounts/${ids.ontrack}`)).body.reorder).toMatchObject({ medianGapDays: 30, daysOverdue: -25, status: "on-track" });
    expect((await get(`/api/accounts/${ids.twice}`)).body.reorder).toBeNull();
  });

  test("reorder tasks: one per account of the band, to its owner or the caller, never a second open one, on the timeline", async () => {
    const admin = await crm.server.signInAs("admin");
    await crm.server.request("PATCH", `/api/accounts/${ids.lapsed}`, { cookie: admin.cookie, body: { ownerUserId: admin.user.id } });

    const lapsed = await crm.server.request("POST", "/api/analytics/reorders/tasks", { cookie: crm.cookie, body: { status: "lapsed" } });
    expect(lapsed).toMatchObject({ status: 200, body: { created: 1, alreadyOpen: 0, message: "1 reorder check task created" } });
    const due = await crm.server.request("POST", "/api/analytics/reorders/tasks", { cookie: crm.cookie, body: { status: "due", accountIds: [ids.due, ids.ontrack] } });
    expect(due.body).toMatchObject({ created: 1, alreadyOpen: 0 });
    const again = await crm.server.request("POST", "/api/analytics/reorders/tasks", { cookie: crm.cookie, body: { status: "due" } });
    expect(again.body).toEqual({ created: 0, alreadyOpen: 1, message: "0 reorder check tasks created; 1 account already has one open" });

    const all = (await get("/api/tasks?status=open")).body as { title: string; accountId: number; assigneeId: number; source: string; dueDate: string }[];
    const tasks = all.filter((task) => task.source === "reorder");
    const me = (await get("/api/auth/me")).body.id as number;
    expect(tasks.map(({ title, accountId, assigneeId, source, dueDate }) => ({ title, accountId, assigneeId, source, dueDate })).sort((a, b) => a.accountId - b.accountId)).toEqual(
      [
        { title: "Reorder check: due", accountId: ids.due!, assigneeId: me, source: "reorder", dueDate: businessToday() },
        { title: "Reorder check: lapsed", accountId: ids.lapsed!, assigneeId: admin.user.id, source: "reorder", dueDate: businessToday() },
      ].sort((a, b) => a.accountId - b.accountId),
    );
    const timeline = (await get(`/api/accounts/${ids.due}/activity`)).body as { summary: string }[];
    expect(timeline[0]!.summary).toBe(`Task created for Test sales: Reorder check: due (due ${businessToday().slice(5, 7)}/${businessToday().slice(8)}/${businessToday().slice(0, 4)})`);
  });

  test("the figures answer for the default periods, a sales user included", async () => {
    const summary = await get("/api/analytics/summary");
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ from: addDays(businessToday(), -29), to: businessToday(), orders: 4, customers: 3, newCustomers: 1, repeatCustomers: 2 });
    expect(summary.body).toMatchObject({ comparedWith: "previous-period", previous: { from: addDays(businessToday(), -59), to: addDays(businessToday(), -30) } });
    const year = businessToday().slice(0, 4);
    const thisYear = await get(`/api/analytics/summary?from=${year}-01-01`);
    const lastYear = String(Number(year) - 1);
    const sameDayLastYear = `${lastYear}-${businessToday().slice(5) === "02-29" ? "02-28" : businessToday().slice(5)}`;
    expect(thisYear.body).toMatchObject({ comparedWith: "same-days-last-year", previous: { from: `${lastYear}-01-01`, to: sameDayLastYear } });
    expect((await get("/api/analytics/monthly")).body).toHaveLength(24);
    expect((await get("/api/analytics/cohorts")).body).toHaveLength(12);
    expect((await get("/api/analytics/products?from=2000-01-01")).status).toBe(400);
    const products = await get(`/api/analytics/products?from=${addDays(businessToday(), -365)}`);
    expect(products.body).toEqual([{ sku: "CUP-12", name: "12-Panel Cup", revenue: 1400, units: 28, customers: 5 }]);
  });
});
