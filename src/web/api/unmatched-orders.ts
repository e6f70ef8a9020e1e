import { useCallback } from "react";
import useSWR from "swr";
import { UNMATCHED_ORDERS_PATH, type MatchedOrder, type MatchOrderBody, type UnmatchedOrder, type UnmatchedOrdersQuery } from "../../contracts/orders.ts";
import { useRefreshReadsUnder } from "./cached-reads";
import { usePagedList } from "./paged-reads";
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
  const { items, ...pages } = usePagedList<UnmatchedOrder>(pageUrl, UNMATCHED_ORDERS_PER_PAGE);
  return { orders: items, ...pages };
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
