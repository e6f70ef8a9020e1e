import { DEFAULT_COHORT_MONTHS, DEFAULT_MONTHLY_MONTHS, DEFAULT_PRODUCT_LIMIT, REORDER_BANDS } from "../../../contracts/analytics.ts";
import { cohortsUrl, monthlySalesUrl, reorderPageUrl, REORDER_COUNTS_URL, summaryUrl, topProductsUrl } from "../../api/analytics";
import type { CalendarDate } from "../../format/dates";
import { monthsUpTo, periodOf, selectionFromSearch } from "./period";
import { DEFAULT_RADAR_VIEW, reorderQueryOf } from "./radar-view";

/**
 * What the Analytics screen reads when it opens at a URL: the figures and top products of the period the URL
 * names, the months of the revenue chart and the cohorts, and the first band of the reorder radar with its
 * counts, each as its card asks for it.
 */
export function analyticsScreenReads(search: URLSearchParams, today: CalendarDate): string[] {
  const period = periodOf(selectionFromSearch(search, today), today);
  return [
    summaryUrl(period),
    monthlySalesUrl(monthsUpTo(today, DEFAULT_MONTHLY_MONTHS)),
    topProductsUrl(period, DEFAULT_PRODUCT_LIMIT),
    reorderPageUrl(reorderQueryOf(REORDER_BANDS[0], DEFAULT_RADAR_VIEW)),
    REORDER_COUNTS_URL,
    cohortsUrl(monthsUpTo(today, DEFAULT_COHORT_MONTHS)),
  ];
}
