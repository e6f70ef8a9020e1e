import type { Cohort, MonthlySales } from "../../api/analytics";

/** The change from the previous period, as a fraction (0.25 is 25% up); null when there was nothing to compare with. */
export function changeFrom(current: number, previous: number): number | null {
  return previous === 0 ? null : (current - previous) / Math.abs(previous);
}

const CHANGE = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 1, signDisplay: "exceptZero" });
const SHARE = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 0 });

/** '+12.5%', '-4%', '0%'; '—' when the previous period had none, where any change would be infinite. */
export function formatChange(change: number | null): string {
  return change === null ? "—" : CHANGE.format(change);
}

/** '42%' */
export function formatShare(share: number): string {
  return SHARE.format(share);
}

/** A month of the revenue chart: what new customers brought, and what customers who had ordered before brought. */
export interface MonthRevenue {
  month: string;
  newCustomerRevenue: number;
  returningCustomerRevenue: number;
  revenue: number;
  orders: number;
  customers: number;
  newCustomers: number;
}

export function monthRevenueOf(sales: MonthlySales): MonthRevenue {
  return {
    month: sales.month,
    newCustomerRevenue: sales.newCustomerRevenue,
    // Never below zero: a refund booked against a new customer's month must not draw a bar downwards.
    returningCustomerRevenue: Math.max(0, sales.revenue - sales.newCustomerRevenue),
    revenue: sales.revenue,
    orders: sales.orders,
    customers: sales.customers,
    newCustomers: sales.newCustomers,
  };
}

/** Months since the first order the retention table shows: the cohort's own month and the eleven after. */
export const COHORT_MONTHS_SHOWN = 12;

/** The share of the cohort that ordered k months after its first; null where that month has not come yet. */
export function cohortShare(cohort: Cohort, monthsAfter: number): number | null {
  const active = cohort.active[monthsAfter];
  if (active === undefined) return null;
  return cohort.customers === 0 ? 0 : active / cohort.customers;
}

/**
 * The heat map's colour for a share, darker as more of the cohort ordered. Whole class names, listed here,
 * so that Tailwind finds them.
 */
export function heatClass(share: number): string {
  if (share <= 0) return "bg-slate-50 text-slate-400";
  if (share <= 0.05) return "bg-blue-50 text-blue-900";
  if (share <= 0.1) return "bg-blue-100 text-blue-900";
  if (share <= 0.2) return "bg-blue-200 text-blue-900";
  if (share <= 0.3) return "bg-blue-300 text-blue-950";
  if (share <= 0.45) return "bg-blue-400 text-white";
  if (share <= 0.6) return "bg-blue-500 text-white";
  if (share <= 0.8) return "bg-blue-600 text-white";
  return "bg-blue-700 text-white";
}
