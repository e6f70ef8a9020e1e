import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { COMMAND_LINE } from "../changes/actor.ts";
import { mergeAccounts } from "../duplicates/merge.ts";
import type { IncomingOrder } from "../orders/incoming-order.ts";
import { recordOrders } from "../orders/record-orders.ts";
import { orderCounts } from "../orders/order-status.ts";
import { calendarDateInZone } from "../time/wall-clock.ts";
import { readCohorts, readMonthlySales, readSalesSummary, readTopProducts } from "./sales-figures.ts";
import { countReorderBands, listReorderAccounts } from "./reorder-radar.ts";
import { readAccountRhythm } from "../accounts/account-rhythm.ts";
import { REORDER_BANDS, type ReorderBand } from "../../contracts/analytics.ts";
import { ensurePurchaseDays } from "./purchase-days.ts";
import { bundledMigrations } from "../database/bundled-migrations.ts";
import type { Database } from "bun:sqlite";
import { SEEDED_DELIVERY } from "../../testing/seed.ts";

/**
 * The analytics figures against an independent recount: generated multi-year histories whose orders fall
 * near New York midnights, in daylight-saving weeks, on the same day twice, with empty months, customers of
 * 1, 2 and 3+ orders and even and odd gap counts. The recount works from the orders as generated, with
 * the time-zone database's own calendar (Intl), in plain JavaScript.
 */

const NOW = new Date("2026-11-24T17:00:00Z");
const TODAY = "2026-11-24";
const DAY = 86_400_000;

describe("analytics against an independent recount", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  beforeEach(() => {
    database = temporaryDatabase();
  });
  afterEach(() => database.dispose());

  const record = (orders: IncomingOrder[]) =>
    recordOrders(database.db, (recorder) => {
      for (const order of orders) recorder.record(order);
    }, { delivery: SEEDED_DELIVERY });

  test("summary, months, cohorts, products and rhythms equal the recount, after imports, a backfill of earlier orders, changed orders and a merge", () => {
    const history = generateHistory(7);
    const [laterHalf, earlierHalf] = [history.filter((order) => order.placedAt.getTime() >= Date.UTC(2025, 0, 1)), history.filter((order) => order.placedAt.getTime() < Date.UTC(2025, 0, 1))];
    record(laterHalf);
    expectFiguresToMatch(laterHalf);

    // A backfill of the earlier years: first months, previous days and gaps of existing accounts move.
    record(earlierHalf);
    expectFiguresToMatch(history);

    // ShipStation sends some orders again, changed: another day, another total, another customer.
    const changed = history.filter((_, index) => index % 17 === 0).map((order, index) => ({
      ...order,
      placedAt: new Date(order.placedAt.getTime() - (index % 3) * 4 * DAY - 3_600_000),
      totalCents: (order.totalCents ?? 0) + 199,
      customerEmail: index % 5 === 0 ? "moved@example-clinic.com" : order.customerEmail,
      // A status that changed since: cancelled ones leave every figure, and one comes back.
      status: index % 4 === 1 ? ("cancelled" as const) : index % 4 === 2 ? ("shipped" as const) : order.status,
    }));
    record(changed);
    const current = [...new Map([...history, ...changed].map((order) => [order.externalId, order])).values()];
    expectFiguresToMatch(current);

    const ids = database.sqlite.query<{ id: number; email: string }, []>("SELECT id, email FROM accounts ORDER BY id").all();
    const [target, source] = [ids[0]!, ids[1]!];
    mergeAccounts(database.db, { targetId: target.id, sourceIds: [source.id] }, COMMAND_LINE);
    expectFiguresToMatch(current.map((order) => (order.customerEmail === source.email ? { ...order, customerEmail: target.email } : order)));
  });

  test("a database from before analytics is brought up to date by its migration and first count: order lines, purchase days and rhythms, to the same figures", () => {
    record(generateHistory(11));
    const before = snapshotFigures();
    takeBackAnalyticsMigration(database.sqlite);
    for (const statement of ANALYTICS_MIGRATION.sql) if (statement.trim()) database.sqlite.run(statement);
    expect(ensurePurchaseDays(database.sqlite)).toBeGreaterThan(0);
    expect(snapshotFigures()).toEqual(before);
    expect(ensurePurchaseDays(database.sqlite)).toBe(0);
  });

  test("the bands' boundaries: due from gap - 7 days, at risk from 1.5 gaps, lapsed from 3 gaps, with a half-day median", () => {
    // Gaps 20 and 21 days: the median is 20.5, expected on the last day + 21 (rounded half up).
    const last = Date.UTC(2026, 9, 1, 16);
    const days = [last - 41 * DAY, last - 21 * DAY, last];
    record(days.map((placedAt, index) => order(`R-${index}`, "rhythm@clinic.com", new Date(placedAt), 1000)));
    const id = database.sqlite.query<{ id: number }, []>("SELECT id FROM accounts").get()!.id;
    const statusOn = (daysAfterLast: number) => readAccountRhythm(database.db, id, new Date(last + daysAfterLast * DAY))!;
    expect(statusOn(0)).toMatchObject({ medianGapDays: 20.5, expectedNextOrderDate: "2026-10-22", daysSinceLastOrder: 0, status: "on-track" });
    // gap - 7 = 13.5: day 13 is on track, day 14 due.
    expect(statusOn(13).status).toBe("on-track");
    expect(statusOn(14).status).toBe("due");
    // 1.5 × 20.5 = 30.75: day 30 due, day 31 at risk.
    expect(statusOn(30).status).toBe("due");
    expect(statusOn(31).status).toBe("at-risk");
    // 3 × 20.5 = 61.5: day 61 at risk, day 62 lapsed.
    expect(statusOn(61).status).toBe("at-risk");
    expect(statusOn(62).status).toBe("lapsed");
    for (const [day, band] of [[14, "due"], [31, "at-risk"], [62, "lapsed"]] as const) {
      const at = new Date(last + day * DAY);
      expect(listReorderAccounts(database.db, { status: band }, at).accounts.map((account) => account.id)).toEqual([id]);
      expect(countReorderBands(database.db, at)[band]).toBe(1);
    }
  });

  test("the account screen and the radar give the same band and days on every day around the boundaries", () => {
    // Orders 8 days apart: due from the day after the last order (gap - 7), expected on day 8, at risk from day 12, lapsed from day 24.
    const last = Date.UTC(2026, 9, 1, 16);
    record([last - 16 * DAY, last - 8 * DAY, last].map((placedAt, index) => order(`B-${index}`, "boundaries@clinic.com", new Date(placedAt), 1000)));
    const id = database.sqlite.query<{ id: number }, []>("SELECT id FROM accounts").get()!.id;
    const seen = new Set<string>();
    for (let daysAfterLast = 0; daysAfterLast <= 26; daysAfterLast++) {
      const at = new Date(last + daysAfterLast * DAY);
      const rhythm = readAccountRhythm(database.db, id, at)!;
      const onRadar = REORDER_BANDS.flatMap((band) => listReorderAccounts(database.db, { status: band }, at).accounts.filter((account) => account.id === id));
      const radar: object[] = onRadar.map(({ medianGapDays, expectedNextOrderDate, daysSinceLastOrder, daysOverdue, status }) => ({ medianGapDays, expectedNextOrderDate, daysSinceLastOrder, daysOverdue, status }));
      // In one band's list exactly when the account screen names that band; in none while on track.
      expect({ daysAfterLast, radar }).toEqual({ daysAfterLast, radar: rhythm.status === "on-track" ? [] : [rhythm] });
      expect(rhythm.daysOverdue).toBe(daysAfterLast - 8);
      seen.add(rhythm.status);
    }
    expect([...seen]).toEqual(["on-track", "due", "at-risk", "lapsed"]);
    // Ordered 2 days ago and expected in 6: due, not overdue, on the account screen as on the radar.
    expect(readAccountRhythm(database.db, id, new Date(last + 2 * DAY))).toMatchObject({ status: "due", daysSinceLastOrder: 2, daysOverdue: -6 });
    expect(listReorderAccounts(database.db, { status: "due" }, new Date(last + 2 * DAY)).accounts[0]).toMatchObject({ id, status: "due", daysOverdue: -6 });
  });

  test("counting around a range: an account ordering on its first day, then not for longer than the range, is a customer of it", () => {
    const first = Date.UTC(2026, 2, 1, 15);
    const frequent = Array.from({ length: 5 }, (_, customer) =>
      Array.from({ length: 30 }, (_, index) => order(`F-${customer}-${index}`, `weekly${customer}@clinic.com`, new Date(first + index * 2 * DAY), 100)),
    ).flat();
    record([
      ...frequent,
      order("EDGE-1", "edge@clinic.com", new Date(first - 200 * DAY), 100),
      order("EDGE-2", "edge@clinic.com", new Date(first), 100),
      order("EDGE-3", "edge@clinic.com", new Date(first + 200 * DAY), 100),
      order("SKIP-1", "skip@clinic.com", new Date(first - DAY), 100),
      order("SKIP-2", "skip@clinic.com", new Date(first + 61 * DAY), 100),
    ]);
    // 60 days from 2026-03-01: 150 rows in range, 3 gaps longer than it, so the count goes around the range.
    const summary = readSalesSummary(database.db, { from: "2026-03-01", to: "2026-04-29" }, NOW);
    expect(summary).toMatchObject({ customers: 6, newCustomers: 5, repeatCustomers: 1, orders: 151 });
  });

  test("two order days give no rhythm; orders on one day count as one order day", () => {
    const first = Date.UTC(2026, 5, 1, 15);
    record([
      order("A-1", "two@clinic.com", new Date(first), 500),
      order("A-2", "two@clinic.com", new Date(first + 30 * DAY), 500),
      order("B-1", "sameday@clinic.com", new Date(first), 500),
      order("B-2", "sameday@clinic.com", new Date(first + 3_600_000), 500),
      order("B-3", "sameday@clinic.com", new Date(first + 10 * DAY), 500),
    ]);
    const rhythms = database.sqlite.query<{ email: string; gap: number | null }, []>("SELECT email, rhythm_gap_days AS gap FROM accounts ORDER BY email").all();
    expect(rhythms).toEqual([
      { email: "sameday@clinic.com", gap: null },
      { email: "two@clinic.com", gap: null },
    ]);
  });

  test("a period's figures are remembered until the data changes", () => {
    record(generateHistory(3).slice(0, 200));
    const first = readSalesSummary(database.db, { from: "2026-01-01", to: TODAY }, NOW);
    expect(readSalesSummary(database.db, { from: "2026-01-01", to: TODAY }, NOW)).toBe(first);
    record([order("NEW-1", "new@clinic.com", new Date(Date.UTC(2026, 10, 20, 15)), 12_345)]);
    const after = readSalesSummary(database.db, { from: "2026-01-01", to: TODAY }, NOW);
    expect(after.revenue).toBeCloseTo(first.revenue + 123.45, 2);
    expect(after.newCustomers).toBe(first.newCustomers + 1);
  });

  test("bad dates and ranges name the parameter", () => {
    expect(() => readSalesSummary(database.db, { from: "2026-02-30", to: TODAY }, NOW)).toThrow("from must be a date");
    expect(() => readSalesSummary(database.db, { from: TODAY, to: "2026-01-01" }, NOW)).toThrow("from must be on or before to");
    expect(() => readMonthlySales(database.db, { from: "2026-13" }, NOW)).toThrow("from must be a month");
    expect(() => readCohorts(database.db, { from: "2000-01", to: "2026-01" }, NOW)).toThrow("from must be at most 120 months");
  });

  test("a fresh install answers zeros, empty months and empty cohorts", () => {
    const summary = readSalesSummary(database.db, {}, NOW);
    expect(summary).toMatchObject({ from: "2026-10-26", to: TODAY, revenue: 0, orders: 0, customers: 0, averageOrderValue: 0 });
    expect(summary.previous).toMatchObject({ from: "2026-09-26", to: "2026-10-25", orders: 0 });
    const months = readMonthlySales(database.db, {}, NOW);
    expect(months).toHaveLength(24);
    expect(months[23]).toEqual({ month: "2026-11", revenue: 0, orders: 0, customers: 0, newCustomers: 0, newCustomerRevenue: 0 });
    const cohorts = readCohorts(database.db, {}, NOW);
    expect(cohorts.map((cohort) => cohort.cohort)).toEqual(monthsBack("2026-11", 12));
    expect(cohorts[0]!.active).toHaveLength(12);
    expect(readTopProducts(database.db, {}, NOW)).toEqual([]);
    expect(countReorderBands(database.db, NOW)).toEqual({ due: 0, "at-risk": 0, lapsed: 0 });
  });

  function snapshotFigures() {
    return {
      summary: readSalesSummary(database.db, { from: "2024-03-01", to: TODAY }, NOW),
      months: readMonthlySales(database.db, { from: "2023-01", to: "2026-11" }, NOW),
      cohorts: readCohorts(database.db, { from: "2023-01", to: "2026-11" }, NOW),
      products: readTopProducts(database.db, { from: "2023-01-01", to: TODAY, limit: 100 }, NOW),
      reorders: REORDER_BANDS.map((status) => listReorderAccounts(database.db, { status, sort: "name", limit: 500 }, NOW)),
    };
  }

  function expectFiguresToMatch(orders: IncomingOrder[]) {
    const recount = new Recount(orders);
    for (const [from, to] of PERIODS) {
      const summary = readSalesSummary(database.db, { from, to }, NOW);
      expect(periodOnly(summary)).toEqual({ from, to, ...recount.period(from, to) });
    }
    // The previous period is the one of equal length just before; a year to date's, the same days of the year before.
    const summary = readSalesSummary(database.db, { from: "2026-03-01", to: "2026-03-31" }, NOW);
    expect(summary.comparedWith).toBe("previous-period");
    expect(summary.previous).toEqual({ from: "2026-01-29", to: "2026-02-28", ...recount.period("2026-01-29", "2026-02-28") });
    const thisYear = readSalesSummary(database.db, { from: "2026-01-01", to: TODAY }, NOW);
    expect(thisYear.comparedWith).toBe("same-days-last-year");
    expect(thisYear.previous).toEqual({ from: "2025-01-01", to: "2025-11-24", ...recount.period("2025-01-01", "2025-11-24") });

    expect(readMonthlySales(database.db, { from: "2022-11", to: "2026-11" }, NOW)).toEqual(recount.months("2022-11", "2026-11"));
    expect(readCohorts(database.db, { from: "2023-01", to: "2026-11" }, NOW)).toEqual(recount.cohorts("2023-01", "2026-11", "2026-11"));
    for (const [from, to] of PERIODS) {
      expect(readTopProducts(database.db, { from, to, limit: 100 }, NOW)).toEqual(recount.products(from, to));
    }
    for (const status of REORDER_BANDS) {
      const page = listReorderAccounts(database.db, { status, sort: "name", dir: "asc", limit: 500 }, NOW);
      const expected = recount.band(status, TODAY);
      expect(page.total).toBe(expected.length);
      const byEmail = [...page.accounts].sort((a, b) => a.email!.localeCompare(b.email!));
      expect(byEmail.map((account) => [account.email, account.medianGapDays, account.expectedNextOrderDate, account.daysSinceLastOrder])).toEqual(
        expected.map((account) => [account.email, account.medianGapDays, account.expectedNextOrderDate, account.daysSinceLastOrder]),
      );
    }
  }
});

/** The migration that brought analytics. */
const ANALYTICS_MIGRATION = bundledMigrations().find((migration) => migration.sql.some((statement) => statement.includes("CREATE TABLE `purchase_days`")))!;

/** Leaves a database as it was before the analytics migration: its tables, triggers and columns gone. */
function takeBackAnalyticsMigration(sqlite: Database): void {
  const objects = sqlite
    .query<{ type: string; name: string }, []>(
      `SELECT type, name FROM sqlite_master WHERE name LIKE 'order_lines%' OR name LIKE 'accounts_rhythm%' OR name IN
         ('business_zone_offsets', 'cohort_activity', 'product_names', 'purchase_day_totals', 'purchase_days', 'purchase_gap_counts', 'purchase_day_queue')`,
    )
    .all();
  for (const type of ["trigger", "index", "table"]) {
    for (const object of objects.filter((candidate) => candidate.type === type)) sqlite.run(`DROP ${type.toUpperCase()} IF EXISTS "${object.name}"`);
  }
  for (const column of ["rhythm_gap_days", "rhythm_last_day", "rhythm_expected_day", "rhythm_due_day", "rhythm_at_risk_day", "rhythm_lapsed_day"]) {
    sqlite.run(`ALTER TABLE accounts DROP COLUMN ${column}`);
  }
}

/** Short and long periods (each way of counting customers), across DST changes and year ends. */
const PERIODS: [string, string][] = [
  ["2026-11-24", "2026-11-24"],
  ["2026-10-26", "2026-11-24"],
  ["2026-03-01", "2026-03-14"],
  ["2025-11-01", "2025-11-09"],
  ["2025-08-27", "2026-11-24"],
  ["2024-12-31", "2025-01-01"],
  ["2023-01-01", "2026-11-24"],
  ["2024-02-10", "2024-05-20"],
];

/** A summary's own figures, without the period it is compared with. */
function periodOnly<T extends { previous?: unknown; comparedWith?: unknown }>(figures: T): Omit<T, "previous" | "comparedWith"> {
  const { previous: _previous, comparedWith: _comparedWith, ...rest } = figures;
  return rest;
}

/** One store: a known order that names another customer is then the same order moved (order-identity.ts). */
const STORE = "Supply Direct Store";

function order(
  externalId: string,
  customerEmail: string,
  placedAt: Date,
  totalCents: number | null,
  items: IncomingOrder["items"] = [],
  status: IncomingOrder["status"] = null,
): IncomingOrder {
  return { source: "csv", externalId, orderNumber: externalId, store: STORE, shipstationOrderId: null, status, customerEmail, placedAt, totalCents, shipTo: {}, items, details: {} };
}

/**
 * A history from 2023 to today: customers ordering on a rhythm of their own (with jitter), a few once or
 * twice only, no orders at all in June 2024 (an empty month), times that land on either side of New York's
 * midnight (04:30 UTC is the evening before in winter) and in DST weeks, repeat orders the same day.
 */
function generateHistory(seed: number): IncomingOrder[] {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const skus = [
    { sku: "CUP-12", name: "12-Panel Cup", price: 899 },
    { sku: "DIP-5", name: "5-Panel Dip Card", price: 250 },
    { sku: "SWAB-6", name: "Oral Swab", price: 1299 },
    { sku: "ALC-1", name: "Alcohol Strip", price: 75 },
  ];
  const orders: IncomingOrder[] = [];
  const start = Date.UTC(2023, 0, 1);
  const end = NOW.getTime();
  let number = 0;
  for (let customer = 0; customer < 70; customer++) {
    const email = `buyer${customer}@clinic${customer % 9}.com`;
    const orderCount = customer % 10 === 0 ? 1 : customer % 10 === 1 ? 2 : 3 + Math.floor(random() * 14);
    const rhythm = 5 + Math.floor(random() * 60);
    let at = start + Math.floor(random() * (end - start) * (orderCount <= 2 ? 0.9 : 0.5));
    for (let index = 0; index < orderCount && at < end; index++) {
      const date = new Date(at);
      if (!(date.getUTCFullYear() === 2024 && date.getUTCMonth() === 5)) {
        const dayStart = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
        const timeOfDay = [4.5, 3.9, 5.1, 16, 23.9][Math.floor(random() * 5)]! * 3_600_000;
        const placedAt = new Date(Math.min(dayStart + timeOfDay, end));
        const lines = skus.filter(() => random() < 0.5).map((item) => ({ sku: item.sku, name: item.name, quantity: 1 + Math.floor(random() * 4), unitPriceCents: item.price }));
        const totalCents = index % 13 === 12 ? null : 1000 + Math.floor(random() * 20_000);
        // Some cancelled or rejected: kept, counted in no figure.
        const chance = random();
        const status = chance < 0.05 ? "cancelled" : chance < 0.06 ? "rejected_fulfillment" : chance < 0.5 ? "shipped" : null;
        orders.push(order(`SO-${seed}-${number++}`, email, placedAt, totalCents, lines, status));
        if (random() < 0.1) orders.push(order(`SO-${seed}-${number++}`, email, new Date(placedAt.getTime() + 60_000), 500, lines.slice(0, 1)));
      }
      at += (rhythm + Math.floor(random() * rhythm * 0.6) - Math.floor(rhythm * 0.3)) * DAY;
    }
  }
  // Every daylight-saving change of the years, with an order each side of it.
  for (const change of ["2023-03-12", "2023-11-05", "2024-03-10", "2024-11-03", "2025-03-09", "2025-11-02", "2026-03-08", "2026-11-01"]) {
    const [year, month, day] = change.split("-").map(Number) as [number, number, number];
    for (const hour of [3, 4.5, 6, 7.5]) {
      orders.push(order(`DST-${seed}-${number++}`, `dst${hour}@clinic.com`, new Date(Date.UTC(year, month - 1, day, 0) + hour * 3_600_000), 1_000));
    }
  }
  return orders;
}

function monthsBack(last: string, count: number): string[] {
  const [year, month] = last.split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(year, month - count + index, 1));
    return date.toISOString().slice(0, 7);
  });
}

/** The figures worked out from the orders themselves, one order at a time. */
class Recount {
  private readonly rows: { email: string; date: string; month: string; cents: number; items: IncomingOrder["items"] }[];

  constructor(orders: IncomingOrder[]) {
    this.rows = orders.filter((order) => orderCounts(order.status)).map((order) => {
      const date = calendarDateInZone(order.placedAt, "America/New_York");
      return { email: order.customerEmail ?? "", date, month: date.slice(0, 7), cents: order.totalCents ?? 0, items: order.items };
    });
  }

  private firstDate(email: string): string {
    return this.rows.filter((row) => row.email === email).reduce((first, row) => (row.date < first ? row.date : first), "9999");
  }

  period(from: string, to: string) {
    const inRange = this.rows.filter((row) => row.date >= from && row.date <= to);
    const customers = new Set(inRange.map((row) => row.email));
    const newCustomers = [...customers].filter((email) => this.firstDate(email) >= from).length;
    const revenueCents = inRange.reduce((sum, row) => sum + row.cents, 0);
    return {
      revenue: revenueCents / 100,
      orders: inRange.length,
      customers: customers.size,
      newCustomers,
      repeatCustomers: [...customers].filter((email) => this.firstDate(email) < from).length,
      averageOrderValue: inRange.length === 0 ? 0 : Math.round(revenueCents / inRange.length) / 100,
    };
  }

  months(from: string, to: string) {
    const months = monthsBack(to, monthIndex(to) - monthIndex(from) + 1);
    return months.map((month) => {
      const rows = this.rows.filter((row) => row.month === month);
      const customers = new Set(rows.map((row) => row.email));
      const isNew = (email: string) => this.firstDate(email).slice(0, 7) === month;
      return {
        month,
        revenue: rows.reduce((sum, row) => sum + row.cents, 0) / 100,
        orders: rows.length,
        customers: customers.size,
        newCustomers: [...customers].filter(isNew).length,
        newCustomerRevenue: rows.filter((row) => isNew(row.email)).reduce((sum, row) => sum + row.cents, 0) / 100,
      };
    });
  }

  cohorts(from: string, to: string, current: string) {
    return monthsBack(to, monthIndex(to) - monthIndex(from) + 1).map((cohort) => {
      const members = [...new Set(this.rows.map((row) => row.email))].filter((email) => this.firstDate(email).slice(0, 7) === cohort);
      const later = monthsBack(current, monthIndex(current) - monthIndex(cohort) + 1);
      const active = later.map((month) => members.filter((email) => this.rows.some((row) => row.email === email && row.month === month)).length);
      return { cohort, customers: members.length, active };
    });
  }

  products(from: string, to: string) {
    const bySku = new Map<string, { sku: string; name: string; revenue: number; units: number; customers: Set<string>; lastDate: string }>();
    for (const row of this.rows.filter((row) => row.date >= from && row.date <= to)) {
      for (const item of row.items) {
        const entry = bySku.get(item.sku!) ?? { sku: item.sku!, name: item.name!, revenue: 0, units: 0, customers: new Set<string>(), lastDate: "" };
        entry.revenue += (item.quantity ?? 1) * (item.unitPriceCents ?? 0);
        entry.units += item.quantity ?? 1;
        entry.customers.add(row.email);
        bySku.set(item.sku!, entry);
      }
    }
    return [...bySku.values()]
      .sort((a, b) => b.revenue - a.revenue || a.sku.localeCompare(b.sku))
      .map((entry) => ({ sku: entry.sku, name: entry.name, revenue: entry.revenue / 100, units: entry.units, customers: entry.customers.size }));
  }

  band(status: ReorderBand, today: string) {
    const emails = [...new Set(this.rows.map((row) => row.email))].sort((a, b) => a.localeCompare(b));
    const accounts = emails.flatMap((email) => {
      const days = [...new Set(this.rows.filter((row) => row.email === email).map((row) => dayNumber(row.date)))].sort((a, b) => a - b);
      if (days.length < 3) return [];
      const gaps = days.slice(1).map((day, index) => day - days[index]!).sort((a, b) => a - b);
      const middle = gaps.length / 2;
      const median = gaps.length % 2 === 1 ? gaps[Math.floor(middle)]! : (gaps[middle - 1]! + gaps[middle]!) / 2;
      const last = days[days.length - 1]!;
      const since = dayNumber(today) - last;
      const band = since >= 3 * median ? "lapsed" : since >= 1.5 * median ? "at-risk" : since >= median - 7 ? "due" : "on-track";
      return [{ email, medianGapDays: median, expectedNextOrderDate: dateOf(last + Math.round(median)), daysSinceLastOrder: since, band }];
    });
    return accounts.filter((account) => account.band === status);
  }
}

function monthIndex(month: string): number {
  const [year, monthOfYear] = month.split("-").map(Number) as [number, number];
  return year * 12 + monthOfYear;
}

function dayNumber(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / DAY;
}

function dateOf(day: number): string {
  return new Date(day * DAY).toISOString().slice(0, 10);
}
