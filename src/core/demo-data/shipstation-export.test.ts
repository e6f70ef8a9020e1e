import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Papa from "papaparse";
import { writeDemoShipStationExport } from "./shipstation-export.ts";

describe("a demo export imported on its end date", () => {
  const endDate = "2026-11-15";
  let dir: string;
  let customers: CustomerHistory[];
  let historyDays: number;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "crm-demo-history-"));
    const out = path.join(dir, "orders.csv");
    writeDemoShipStationExport({ rows: 30_000, out, seed: 3, endDate: new Date(endDate) });
    customers = customerHistories(readFileSync(out, "utf8"), dayNumber(endDate));
    historyDays = Math.max(...customers.map((customer) => customer.firstOrderDaysAgo)) + 1;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const shareOf = (matching: (customer: CustomerHistory) => boolean) => customers.filter(matching).length / customers.length;

  test("spans the default two years", () => {
    expect(historyDays).toBeGreaterThanOrEqual(720);
    expect(historyDays).toBeLessThanOrEqual(731);
  });

  test("has a few percent of its customers new: first order within the last 30 days", () => {
    const newShare = shareOf((customer) => customer.firstOrderDaysAgo < 30);
    expect(newShare).toBeGreaterThanOrEqual(0.01);
    expect(newShare).toBeLessThanOrEqual(0.08);
  });

  test("keeps winning customers up to its last week", () => {
    for (let week = 0; week < 4; week++) {
      const firstOrdersThatWeek = customers.filter((customer) => Math.floor(customer.firstOrderDaysAgo / 7) === week).length;
      expect(firstOrdersThatWeek).toBeGreaterThan(0);
    }
  });

  test("has customers who stopped ordering more than 180 days ago, as a real order history does", () => {
    const legacyShare = shareOf((customer) => customer.lastOrderDaysAgo > 180);
    expect(legacyShare).toBeGreaterThanOrEqual(0.15);
    expect(legacyShare).toBeLessThanOrEqual(0.6);
  });

  test("spreads first orders over the whole range: each quarter brings at least a tenth of the customers", () => {
    const quarterLength = historyDays / 4;
    for (let quarter = 0; quarter < 4; quarter++) {
      const firstOrdersInQuarter = shareOf((customer) => Math.floor((historyDays - 1 - customer.firstOrderDaysAgo) / quarterLength) === quarter);
      expect(firstOrdersInQuarter).toBeGreaterThanOrEqual(0.1);
    }
  });
});

interface CustomerHistory {
  firstOrderDaysAgo: number;
  lastOrderDaysAgo: number;
}

/** Each customer's first and last order, counted in calendar days before the end date; the file's deliberately bad rows are left out as the import leaves them out. */
function customerHistories(csv: string, endDay: number): CustomerHistory[] {
  const histories = new Map<string, CustomerHistory>();
  const rows = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
  for (const row of rows) {
    const email = row["Customer Email"] ?? "";
    const orderDay = usDateDayNumber(row["Date - Order Date"] ?? "");
    if (!PLAIN_EMAIL.test(email) || orderDay === undefined) continue;
    const daysAgo = endDay - orderDay;
    const history = histories.get(email);
    if (history === undefined) histories.set(email, { firstOrderDaysAgo: daysAgo, lastOrderDaysAgo: daysAgo });
    else {
      history.firstOrderDaysAgo = Math.max(history.firstOrderDaysAgo, daysAgo);
      history.lastOrderDaysAgo = Math.min(history.lastOrderDaysAgo, daysAgo);
    }
  }
  return [...histories.values()];
}

const PLAIN_EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const MILLISECONDS_PER_DAY = 86_400_000;

function dayNumber(isoDate: string): number {
  return Date.parse(`${isoDate}T00:00:00Z`) / MILLISECONDS_PER_DAY;
}

/** The calendar day of ShipStation's "M/D/YYYY h:mm:ss AM", or undefined for a date that does not exist. */
function usDateDayNumber(text: string): number | undefined {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4}) /.exec(text);
  if (!match) return undefined;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.getTime() / MILLISECONDS_PER_DAY;
}
