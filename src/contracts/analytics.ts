import { t } from "./type-builder.ts";
import { CalendarDay, calendarDate, Dollars, oneOf, pageQuery, recordIdField, SORT_DIRECTIONS, wholeNumber } from "./common.ts";

/**
 * The analytics API: how revenue and customers move, and who is due to reorder. Every date is a New York
 * calendar date (YYYY-MM-DD) or month (YYYY-MM), every range inclusive, money in dollars.
 *   GET  /api/analytics/summary             the period's figures beside those of the period it compares with (PeriodQuery → AnalyticsSummary)
 *   GET  /api/analytics/monthly             one entry per month, empty months included (MonthRangeQuery → MonthlySales[])
 *   GET  /api/analytics/cohorts             first-order months and how many of each ordered in the months after (MonthRangeQuery → Cohort[])
 *   GET  /api/analytics/products            SKUs by revenue in the period (ProductsQuery → ProductSales[])
 *   GET  /api/analytics/reorders            a page of one band's accounts (ReordersQuery → ReorderAccount[], X-Total-Count)
 *   GET  /api/analytics/reorders/counts     how many accounts are in each band (→ ReorderBandCounts)
 *   POST /api/analytics/reorders/tasks      a 'Reorder check' task for chosen accounts of a band, or all of it (ReorderTasksBody → ReorderTasksResult)
 */
export const ANALYTICS_PATH = "/api/analytics";

/**
 * Where an account with a rhythm stands, from the days since its last order against its median gap:
 * due from a week before the expected date until 1.5 gaps, at risk until 3 gaps, lapsed after.
 */
export const REORDER_BANDS = ["due", "at-risk", "lapsed"] as const;
export type ReorderBand = (typeof REORDER_BANDS)[number];

/** A band, or on track while the next order is not yet due: where any account with a rhythm stands today. */
export const REORDER_STATUSES = ["on-track", ...REORDER_BANDS] as const;
export type ReorderStatus = (typeof REORDER_STATUSES)[number];

/** Orders on this many distinct days give an account a rhythm (two gaps between them at least). */
export const RHYTHM_MIN_ORDER_DAYS = 3;

/** A period's figures against a previous one: longer ranges than this are not a period anybody compares. */
export const MAX_PERIOD_DAYS = 3660;

/** The longest month range a chart asks for: ten years. */
export const MAX_MONTH_RANGE = 120;

/** Months the revenue chart and the cohort table show when the caller does not say. */
export const DEFAULT_MONTHLY_MONTHS = 24;
export const DEFAULT_COHORT_MONTHS = 12;

/**
 * What a period's figures are set against. A year to date (from January 1 to a day of the same year) is
 * compared with the same days of the year before, January 1 to the same month and day (February 29 to
 * February 28), as nobody compares January to November with the February to December before it; any other
 * period with the period of equal length just before it.
 */
export const PERIOD_COMPARISONS = ["previous-period", "same-days-last-year"] as const;
export type PeriodComparison = (typeof PERIOD_COMPARISONS)[number];

/** Days the summary covers when the caller does not say: the last 30, today included. */
export const DEFAULT_PERIOD_DAYS = 30;

export const DEFAULT_PRODUCT_LIMIT = 10;
export const MAX_PRODUCT_LIMIT = 100;

export const DEFAULT_REORDER_PAGE_SIZE = 50;
export const MAX_REORDER_PAGE_SIZE = 500;

/** One click makes at most this many tasks: more is a band to narrow first, not a to-do list. */
export const MAX_REORDER_TASKS_AT_ONCE = 5000;

export const REORDER_SORTS = [
  "name",
  "orderCount",
  "totalOrderValue",
  "lastOrderDate",
  "medianGapDays",
  "expectedNextOrderDate",
  "daysOverdue",
] as const;
export type ReorderSort = (typeof REORDER_SORTS)[number];

/** How a calendar month is written: YYYY-MM, of a year from 1000, as calendar dates are (CALENDAR_DATE_PATTERN). */
export const CALENDAR_MONTH_PATTERN = "^([1-9]\\d{3})-(0[1-9]|1[0-2])$";

/** A New York calendar month, YYYY-MM. */
export function calendarMonth(name: string, description?: string) {
  return t.String({ pattern: CALENDAR_MONTH_PATTERN, error: `${name} must be a month written YYYY-MM`, description });
}

/** GET /api/analytics/summary and the period of /products: from and to inclusive; without them, the last 30 days. */
export const PeriodQuery = t.Object({
  from: t.Optional(calendarDate("from", "The period's first New York date")),
  to: t.Optional(calendarDate("to", "The period's last New York date, at most today")),
});
export type PeriodQuery = typeof PeriodQuery.static;

export const ProductsQuery = t.Object({
  ...PeriodQuery.properties,
  limit: t.Optional(wholeNumber("limit", 1, MAX_PRODUCT_LIMIT)),
});
export type ProductsQuery = typeof ProductsQuery.static;

/** GET /api/analytics/monthly and /cohorts: from and to inclusive; without them, the last 24 (monthly) or 12 (cohorts) months. */
export const MonthRangeQuery = t.Object({
  from: t.Optional(calendarMonth("from", "The first New York month")),
  to: t.Optional(calendarMonth("to", "The last New York month, at most this one")),
});
export type MonthRangeQuery = typeof MonthRangeQuery.static;

const periodFigures = {
  from: CalendarDay,
  to: CalendarDay,
  revenue: Dollars,
  orders: t.Integer(),
  customers: t.Integer({ description: "Accounts with an order in the period" }),
  newCustomers: t.Integer({ description: "Of those, the ones whose first order is in the period" }),
  repeatCustomers: t.Integer({ description: "Of those, the ones who had ordered before it" }),
  averageOrderValue: Dollars,
};

export const PeriodFigures = t.Object(periodFigures);
export type PeriodFigures = typeof PeriodFigures.static;

export const AnalyticsSummary = t.Object({
  ...periodFigures,
  comparedWith: oneOf("comparedWith", PERIOD_COMPARISONS, "Which period `previous` is: the same days last year for a year to date, otherwise the period of equal length just before"),
  previous: t.Object(periodFigures, { description: "The same figures for the period compared with" }),
});
export type AnalyticsSummary = typeof AnalyticsSummary.static;

export const MonthlySales = t.Object({
  month: t.String({ description: "YYYY-MM" }),
  revenue: Dollars,
  orders: t.Integer(),
  customers: t.Integer({ description: "Accounts that ordered in the month" }),
  newCustomers: t.Integer({ description: "Accounts whose first order is in the month" }),
  newCustomerRevenue: Dollars,
});
export type MonthlySales = typeof MonthlySales.static;
export const MonthlySalesList = t.Array(MonthlySales);

export const Cohort = t.Object({
  cohort: t.String({ description: "The first-order month, YYYY-MM" }),
  customers: t.Integer(),
  active: t.Array(t.Integer(), { description: "active[k]: the cohort's customers who ordered k months after the cohort month, up to this month" }),
});
export type Cohort = typeof Cohort.static;
export const CohortList = t.Array(Cohort);

export const ProductSales = t.Object({
  sku: t.String(),
  name: t.String({ description: "The name the latest order gave it" }),
  revenue: Dollars,
  units: t.Integer(),
  customers: t.Integer({ description: "Accounts that bought it in the period" }),
});
export type ProductSales = typeof ProductSales.static;
export const ProductSalesList = t.Array(ProductSales);

/** GET /api/analytics/reorders: a band's accounts, most valuable first unless sorted otherwise. */
export const ReordersQuery = t.Object({
  status: oneOf("status", REORDER_BANDS),
  sort: t.Optional(oneOf("sort", REORDER_SORTS)),
  dir: t.Optional(oneOf("dir", SORT_DIRECTIONS)),
  ...pageQuery(MAX_REORDER_PAGE_SIZE),
});
export type ReordersQuery = typeof ReordersQuery.static;

/**
 * An account's rhythm and where it stands today, as the account screen and the radar both show it: one
 * reading in core (reorder-radar.ts) gives every answer its status and days, so that they cannot disagree.
 */
const reorderStanding = {
  medianGapDays: t.Number({ description: "The median of the gaps between consecutive order days; a half for an even count" }),
  expectedNextOrderDate: CalendarDay,
  daysSinceLastOrder: t.Integer(),
  daysOverdue: t.Integer({ description: "Days since the expected date; negative before it" }),
  status: oneOf("status", REORDER_STATUSES),
};

export const ReorderRhythm = t.Object(reorderStanding);
export type ReorderRhythm = typeof ReorderRhythm.static;

export const ReorderAccount = t.Object({
  id: t.Integer(),
  name: t.String(),
  email: t.Union([t.String(), t.Null()]),
  orderCount: t.Integer(),
  totalOrderValue: Dollars,
  lastOrderDate: CalendarDay,
  ...reorderStanding,
  status: oneOf("status", REORDER_BANDS, "The band listed: an account on the radar is always in one"),
  ownerUserId: t.Union([t.Integer(), t.Null()]),
});
export type ReorderAccount = typeof ReorderAccount.static;
export const ReorderAccountList = t.Array(ReorderAccount);

export const ReorderBandCounts = t.Object({
  due: t.Integer(),
  "at-risk": t.Integer(),
  lapsed: t.Integer(),
});
export type ReorderBandCounts = typeof ReorderBandCounts.static;

/**
 * POST /api/analytics/reorders/tasks: one open 'Reorder check: {account}' task per account, due today,
 * assigned to its owner (the caller for accounts without one). Accounts given must be in the band; without
 * accountIds, every account of the band. An account that already has an open reorder check gets no second.
 */
export const ReorderTasksBody = t.Object({
  status: oneOf("status", REORDER_BANDS),
  accountIds: t.Optional(t.Array(recordIdField("accountIds"), { minItems: 1, maxItems: MAX_REORDER_TASKS_AT_ONCE })),
});
export type ReorderTasksBody = typeof ReorderTasksBody.static;

export const ReorderTasksResult = t.Object({
  created: t.Integer(),
  alreadyOpen: t.Integer({ description: "Accounts skipped: they have an open reorder check already" }),
  message: t.String(),
});
export type ReorderTasksResult = typeof ReorderTasksResult.static;
