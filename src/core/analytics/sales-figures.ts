import type { Database } from "bun:sqlite";
import {
  DEFAULT_COHORT_MONTHS,
  DEFAULT_MONTHLY_MONTHS,
  DEFAULT_PERIOD_DAYS,
  DEFAULT_PRODUCT_LIMIT,
  MAX_MONTH_RANGE,
  MAX_PERIOD_DAYS,
  type AnalyticsSummary,
  type Cohort,
  type MonthlySales,
  type MonthRangeQuery,
  type PeriodComparison,
  type PeriodFigures,
  type PeriodQuery,
  type ProductSales,
  type ProductsQuery,
} from "../../contracts/analytics.ts";
import type { CrmDatabase } from "../database/open.ts";
import { invalid } from "../errors.ts";
import { centsToDollars } from "../money/money.ts";
import {
  addDays,
  businessDayNumber,
  businessMonthNumber,
  businessToday,
  monthOfBusinessMonth,
  requireCalendarDate,
  requireCalendarMonth,
} from "../time/business-calendar.ts";
import { countDistinctBuyers } from "./distinct-buyers.ts";
import { monthOfDay } from "./purchase-days.ts";

/**
 * The figures of the analytics screen, read from the purchase-day totals (purchase-days.ts): a range of
 * days or months is a few hundred rows of them whatever the number of orders. Each answer is remembered
 * until the data changes; the key holds the dates it was read for, today's among them.
 */

/** The period's figures beside those of the period it compares with (comparisonOf). */
export function readSalesSummary(db: CrmDatabase, query: PeriodQuery, now = new Date()): AnalyticsSummary {
  const period = periodOf(query, now);
  return db.answers.remember(`analytics:summary:${period.from}:${period.to}`, () => {
    const comparison = comparisonOf(period);
    return {
      ...periodFigures(db.$client, period.from, period.to),
      comparedWith: comparison.kind,
      previous: periodFigures(db.$client, comparison.from, comparison.to),
    };
  });
}

/**
 * The period a period's figures are set against (the contract's PERIOD_COMPARISONS). A year to date, say
 * January 1 to November 27, compares with January 1 to November 27 of the year before: the 331 days just
 * before it would be last February 4 to December 31, holiday season and all. Any other period compares with
 * the period of equal length just before it.
 */
export function comparisonOf(period: Period): Period & { kind: PeriodComparison } {
  const year = period.from.slice(0, 4);
  if (period.from === `${year}-01-01` && period.to.startsWith(year)) {
    return { kind: "same-days-last-year", from: sameDayAYearEarlier(period.from), to: sameDayAYearEarlier(period.to) };
  }
  const days = businessDayNumber(period.to) - businessDayNumber(period.from) + 1;
  const to = addDays(period.from, -1);
  return { kind: "previous-period", from: addDays(to, 1 - days), to };
}

/** The same month and day a year earlier; February 29 becomes February 28, as the year before a leap year has none. */
function sameDayAYearEarlier(date: string): string {
  const monthDay = date.slice(5);
  return `${String(Number(date.slice(0, 4)) - 1).padStart(4, "0")}-${monthDay === "02-29" ? "02-28" : monthDay}`;
}

/** One entry per month from `from` to `to`, months without orders included. */
export function readMonthlySales(db: CrmDatabase, query: MonthRangeQuery, now = new Date()): MonthlySales[] {
  const range = monthRangeOf(query, DEFAULT_MONTHLY_MONTHS, now);
  return db.answers.remember(`analytics:monthly:${range.first}:${range.last}`, () => {
    const rows = db.$client
      .query<{ month: number; orders: number; revenueCents: number; customers: number; newCustomers: number; newCustomerRevenueCents: number }, [number, number]>(
        `SELECT ${monthOfDay("day")} AS month, sum(quantity) AS orders, sum(revenue_cents) AS revenueCents, sum(month_first_rows) AS customers,
           sum(first_rows) AS newCustomers, sum(first_month_revenue_cents) AS newCustomerRevenueCents
         FROM purchase_day_totals WHERE subject = '' AND day BETWEEN ? AND ? GROUP BY 1`,
      )
      .all(firstDayOfMonth(range.first), firstDayOfMonth(range.last + 1) - 1);
    const byMonth = new Map(rows.map((row) => [row.month, row]));
    return monthsBetween(range.first, range.last).map((month) => {
      const row = byMonth.get(month);
      return {
        month: monthOfBusinessMonth(month),
        revenue: centsToDollars(row?.revenueCents ?? 0),
        orders: row?.orders ?? 0,
        customers: row?.customers ?? 0,
        newCustomers: row?.newCustomers ?? 0,
        newCustomerRevenue: centsToDollars(row?.newCustomerRevenueCents ?? 0),
      };
    });
  });
}

/** Each first-order month of the range, with how many of its customers ordered in each month since, up to this one. */
export function readCohorts(db: CrmDatabase, query: MonthRangeQuery, now = new Date()): Cohort[] {
  const range = monthRangeOf(query, DEFAULT_COHORT_MONTHS, now);
  const thisMonth = businessMonthNumber(businessToday(now).slice(0, 7));
  return db.answers.remember(`analytics:cohorts:${range.first}:${range.last}:${thisMonth}`, () => {
    const cells = db.$client
      .query<{ firstMonth: number; month: number; customers: number }, [number, number, number]>(
        "SELECT first_month AS firstMonth, month, customers FROM cohort_activity WHERE first_month BETWEEN ? AND ? AND month <= ? AND customers > 0",
      )
      .all(range.first, range.last, thisMonth);
    const active = new Map<string, number>(cells.map((cell) => [`${cell.firstMonth}:${cell.month}`, cell.customers]));
    return monthsBetween(range.first, range.last).map((cohort) => {
      const counts = monthsBetween(cohort, Math.max(cohort, thisMonth)).map((month) => active.get(`${cohort}:${month}`) ?? 0);
      return { cohort: monthOfBusinessMonth(cohort), customers: counts[0] ?? 0, active: counts };
    });
  });
}

/** The SKUs with the most revenue in the period, with their units and how many accounts bought them. */
export function readTopProducts(db: CrmDatabase, query: ProductsQuery, now = new Date()): ProductSales[] {
  const period = periodOf(query, now);
  const limit = query.limit ?? DEFAULT_PRODUCT_LIMIT;
  return db.answers.remember(`analytics:products:${period.from}:${period.to}:${limit}`, () => {
    const first = businessDayNumber(period.from);
    const last = businessDayNumber(period.to);
    const sqlite = db.$client;
    const products = sqlite
      .query<{ sku: string; name: string | null; units: number; revenueCents: number; rows: number }, [number, number, number]>(
        `SELECT totals.sku, product_names.name, totals.units, totals.revenueCents, totals.rows FROM (
           SELECT subject AS sku, sum(quantity) AS units, sum(revenue_cents) AS revenueCents, sum(rows) AS rows
           FROM purchase_day_totals WHERE subject <> '' AND day BETWEEN ? AND ? GROUP BY subject HAVING sum(rows) > 0) AS totals
         LEFT JOIN product_names ON product_names.sku = totals.sku
         ORDER BY totals.revenueCents DESC, totals.sku LIMIT ?`,
      )
      .all(first, last, limit);
    return products.map((product) => ({
      sku: product.sku,
      name: product.name ?? product.sku,
      revenue: centsToDollars(product.revenueCents),
      units: product.units,
      customers: countDistinctBuyers(sqlite, product.sku, first, last, product.rows),
    }));
  });
}

/** New York calendar dates, YYYY-MM-DD, both ends included. */
export interface Period {
  from: string;
  to: string;
}

/** The period asked for, the last 30 days by default, checked: real dates, from before to, not too long. */
function periodOf(query: PeriodQuery, now: Date): Period {
  const to = query.to === undefined ? businessToday(now) : requireCalendarDate("to", query.to);
  const from = query.from === undefined ? addDays(to, 1 - DEFAULT_PERIOD_DAYS) : requireCalendarDate("from", query.from);
  if (from > to) throw invalid("from", "from must be on or before to");
  if (businessDayNumber(to) - businessDayNumber(from) + 1 > MAX_PERIOD_DAYS) {
    throw invalid("from", `from must be at most ${MAX_PERIOD_DAYS} days before to`);
  }
  return { from, to };
}

function periodFigures(sqlite: Database, from: string, to: string): PeriodFigures {
  const first = businessDayNumber(from);
  const last = businessDayNumber(to);
  const totals = sqlite
    .query<{ rows: number; orders: number; revenueCents: number; newCustomers: number }, [number, number]>(
      `SELECT coalesce(sum(rows), 0) AS rows, coalesce(sum(quantity), 0) AS orders, coalesce(sum(revenue_cents), 0) AS revenueCents,
         coalesce(sum(first_rows), 0) AS newCustomers
       FROM purchase_day_totals WHERE subject = '' AND day BETWEEN ? AND ?`,
    )
    .get(first, last)!;
  const customers = countDistinctBuyers(sqlite, "", first, last, totals.rows);
  return {
    from,
    to,
    revenue: centsToDollars(totals.revenueCents),
    orders: totals.orders,
    customers,
    newCustomers: totals.newCustomers,
    repeatCustomers: customers - totals.newCustomers,
    averageOrderValue: totals.orders === 0 ? 0 : centsToDollars(Math.round(totals.revenueCents / totals.orders)),
  };
}

/** Business month numbers, first and last inclusive. */
interface MonthRange {
  first: number;
  last: number;
}

function monthRangeOf(query: MonthRangeQuery, defaultMonths: number, now: Date): MonthRange {
  const last = businessMonthNumber(query.to === undefined ? businessToday(now).slice(0, 7) : requireCalendarMonth("to", query.to));
  const first = query.from === undefined ? last - defaultMonths + 1 : businessMonthNumber(requireCalendarMonth("from", query.from));
  if (first > last) throw invalid("from", "from must be on or before to");
  if (last - first + 1 > MAX_MONTH_RANGE) throw invalid("from", `from must be at most ${MAX_MONTH_RANGE} months before to`);
  return { first, last };
}

function monthsBetween(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

function firstDayOfMonth(month: number): number {
  return businessDayNumber(`${monthOfBusinessMonth(month)}-01`);
}
