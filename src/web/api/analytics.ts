import useSWR from "swr";
import {
  ANALYTICS_PATH,
  type AnalyticsSummary,
  type Cohort,
  type MonthlySales,
  type MonthRangeQuery,
  type PeriodQuery,
  type ProductSales,
  type ProductsQuery,
  type ReorderAccount,
  type ReorderBandCounts,
  type ReordersQuery,
  type ReorderTasksBody,
  type ReorderTasksResult,
} from "../../contracts/analytics.ts";
import { ACCOUNTS_PATH } from "./accounts";
import { useRefreshReads } from "./cached-reads";
import { apiRequest, apiUrl, fetchCountedList, type CountedList } from "./client";
import { TASKS_PATH } from "./tasks";

export { MAX_REORDER_TASKS_AT_ONCE, REORDER_BANDS } from "../../contracts/analytics.ts";
export type {
  Cohort,
  MonthlySales,
  PeriodFigures,
  ProductSales,
  ReorderAccount,
  ReorderBand,
  ReorderRhythm,
  ReorderSort,
  ReorderStatus,
  ReorderTasksResult,
} from "../../contracts/analytics.ts";

/** A period of New York calendar days, both ends included. */
export type Period = Required<PeriodQuery>;

/** A range of New York months, YYYY-MM, both ends included. */
export type MonthRange = Required<MonthRangeQuery>;

/** What the reorder radar asks for: a band's page, in one order. */
export type ReorderPageQuery = Required<ReordersQuery>;

// Each chart keeps its figures on screen while another period or page loads, so that nothing jumps or blinks.
const KEEP_ON_SCREEN = { keepPreviousData: true } as const;

export function useAnalyticsSummary(period: Period) {
  return withRetry(useSWR<AnalyticsSummary>(summaryUrl(period), KEEP_ON_SCREEN));
}

export function useMonthlySales(range: MonthRange) {
  return withRetry(useSWR<MonthlySales[]>(monthlySalesUrl(range), KEEP_ON_SCREEN));
}

export function useCohorts(range: MonthRange) {
  return withRetry(useSWR<Cohort[]>(cohortsUrl(range), KEEP_ON_SCREEN));
}

export function useTopProducts(period: Period, limit: number) {
  return withRetry(useSWR<ProductSales[]>(topProductsUrl(period, limit), KEEP_ON_SCREEN));
}

export function useReorderPage(query: ReorderPageQuery) {
  return withRetry(useSWR<CountedList<ReorderAccount>, unknown, string>(reorderPageUrl(query), fetchCountedList, KEEP_ON_SCREEN));
}

export function useReorderBandCounts() {
  return withRetry(useSWR<ReorderBandCounts>(REORDER_COUNTS_URL));
}

export const REORDER_COUNTS_URL = `${ANALYTICS_PATH}/reorders/counts`;

export function summaryUrl({ from, to }: Period): string {
  return apiUrl(`${ANALYTICS_PATH}/summary`, { from, to } satisfies PeriodQuery);
}

export function monthlySalesUrl({ from, to }: MonthRange): string {
  return apiUrl(`${ANALYTICS_PATH}/monthly`, { from, to } satisfies MonthRangeQuery);
}

export function cohortsUrl({ from, to }: MonthRange): string {
  return apiUrl(`${ANALYTICS_PATH}/cohorts`, { from, to } satisfies MonthRangeQuery);
}

export function topProductsUrl({ from, to }: Period, limit: number): string {
  return apiUrl(`${ANALYTICS_PATH}/products`, { from, to, limit } satisfies ProductsQuery);
}

/** The parameters come in one order, so that one page has one URL and one cached read. */
export function reorderPageUrl({ status, sort, dir, limit, offset }: ReorderPageQuery): string {
  return apiUrl(`${ANALYTICS_PATH}/reorders`, { status, sort, dir, limit, offset } satisfies ReordersQuery);
}

/** A 'Reorder check' task for each of the band's accounts given, or for the whole band without any. */
export function createReorderTasks(body: ReorderTasksBody): Promise<ReorderTasksResult> {
  return apiRequest<ReorderTasksResult>("POST", `${ANALYTICS_PATH}/reorders/tasks`, body);
}

/** New tasks show on the task lists, the badge and the bell, and on their accounts' timelines. */
const PATHS_REORDER_TASKS_CHANGE = [TASKS_PATH, ACCOUNTS_PATH] as const;

export function useRefreshAfterReorderTasks(): () => Promise<void> {
  return useRefreshReads(PATHS_REORDER_TASKS_CHANGE);
}

function withRetry<T>({ data, error, isValidating, mutate }: { data: T | undefined; error: unknown; isValidating: boolean; mutate: () => Promise<unknown> }) {
  return { data, error, isValidating, retry: () => void mutate() };
}
