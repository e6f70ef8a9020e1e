import { useCallback } from "react";
import useSWR from "swr";
import useSWRInfinite from "swr/infinite";
import { UNMATCHED_ORDERS_PATH, type MatchedOrder, type MatchOrderBody, type UnmatchedOrder, type UnmatchedOrdersQuery } from "../../contracts/orders.ts";
import { useRefreshReadsUnder } from "./cached-reads";
import { apiRequest, apiUrl, fetchCountedList, type CountedList } from "./client";

export { SUGGESTION_REASON_LABELS, UNMATCHED_ORDERS_PATH } from "../../contracts/orders.ts";
export type { AccountSuggestion, MatchedOrder, UnmatchedOrder } from "../../contracts/orders.ts";

/** How many unmatched orders the list shows at first, and how many more each 'Show more' adds. */
export const UNMATCHED_ORDERS_PER_PAGE = 20;

const pageUrl = (page: Required<Pick<UnmatchedOrdersQuery, "limit" | "offset">>) => apiUrl(UNMATCHED_ORDERS_PATH, page);

/** How many orders wait unmatched (the sidebar's badge): one order read, the count from X-Total-Count. */
export const UNMATCHED_ORDER_COUNT_URL = apiUrl(UNMATCHED_ORDERS_PATH, { limit: 1, offset: 0, suggestions: false } satisfies UnmatchedOrdersQuery);

export function useUnmatchedOrderCount(): number | undefined {
  const { data } = useSWR<CountedList<UnmatchedOrder>, unknown, string>(UNMATCHED_ORDER_COUNT_URL, fetchCountedList);
  return data?.total;
}

/**
 * The unmatched orders, newest first, read a page at a time. Those shown stay on screen while a match
 * reads them again, rather than giving way to the spinner.
 */
export function useUnmatchedOrders() {
  const { data, error, size, setSize, mutate } = useSWRInfinite<CountedList<UnmatchedOrder>, unknown>(
    (index) => pageUrl({ limit: UNMATCHED_ORDERS_PER_PAGE, offset: index * UNMATCHED_ORDERS_PER_PAGE }),
    fetchCountedList,
    { parallel: true, keepPreviousData: true },
  );
  const total = data?.[0]?.total;
  const received = data?.reduce((sum, page) => sum + page.items.length, 0) ?? 0;
  const orders = data?.flatMap((page) => page.items);
  return {
    orders: orders && orders.filter((order, index) => orders.findIndex((other) => other.id === order.id) === index),
    total,
    error,
    hasMore: total !== undefined && received < total && data?.at(-1)?.items.length === UNMATCHED_ORDERS_PER_PAGE,
    isLoadingMore: error === undefined && data !== undefined && data.length < size,
    showMore: useCallback(() => void setSize(size + 1), [setSize, size]),
    refresh: useCallback(() => void mutate(), [mutate]),
  };
}

/** Matches an order to an account; then the list, the badge and the accounts' reads are fetched again. */
export function useMatchOrder(): (orderId: number, accountId: number) => Promise<MatchedOrder> {
  const refreshReadsUnder = useRefreshReadsUnder();
  return useCallback(
    async (orderId, accountId) => {
      const matched = await apiRequest<MatchedOrder>("POST", `/api/orders/${orderId}/match`, { accountId } satisfies MatchOrderBody);
      // The account's figures, lists and timeline changed with it.
      await refreshReadsUnder([UNMATCHED_ORDERS_PATH, "/api/accounts", "/api/lists"]);
      return matched;
    },
    [refreshReadsUnder],
  );
}
