import { useCallback } from "react";
import useSWR from "swr";
import type { AccountDetail } from "../../contracts/accounts.ts";
import type { AccountOrdersQuery, Order, OrderDelivery, OrderDetail, OrderLine, OrderStatus, ShipTo } from "../../contracts/orders.ts";
import { apiUrl, fetchCountedList, type CountedList } from "./client";

export { ORDER_STATUS_LABELS, ORDER_STATUSES, ROW_ORDER_ID_PREFIX, shownOrderNumber } from "../../contracts/orders.ts";

/** GET /api/accounts/{id}: the account with its contacts (primary first) and newest orders; useAccountOrders pages through all of them. */
export type { AccountDetail, Order, OrderDelivery, OrderDetail, OrderLine, OrderStatus };
export type ShipToAddress = ShipTo;

export function accountDetailUrl(accountId: number): string {
  return `/api/accounts/${accountId}`;
}

/**
 * The account screen's data. Kept on screen while a change refetches it: the screen is mounted
 * afresh for each account, so what is kept is always this account's.
 */
export function useAccountDetail(accountId: number) {
  const { data, error, mutate } = useSWR<AccountDetail>(accountDetailUrl(accountId), { keepPreviousData: true });
  const retry = useCallback(() => void mutate(), [mutate]);
  return { account: data, error, retry };
}

/**
 * One page of the account's orders, newest first, with the number of all its orders (or, given a status, of
 * those in it; cancelled orders are listed and counted here). A new page keeps the one on screen until it
 * arrives, so the table does not jump.
 */
export function useAccountOrders(accountId: number, limit: number, offset: number, status?: OrderStatus) {
  const { data, error, isValidating, mutate } = useSWR<CountedList<Order>, unknown, string>(
    accountOrdersKey(accountId, limit, offset, status),
    fetchCountedList,
    { keepPreviousData: true },
  );
  const retry = useCallback(() => void mutate(), [mutate]);
  return { orderPage: data, error, isValidating, retry };
}

/** What a page of an account's orders is read and remembered as. */
export function accountOrdersKey(accountId: number, limit: number, offset: number, status?: OrderStatus): string {
  return apiUrl(`${accountDetailUrl(accountId)}/orders`, { limit, offset, status } satisfies AccountOrdersQuery);
}

/** GET /api/orders/{id}: one order whole, as its dialog shows it. */
export function useOrderDetail(orderId: number) {
  const { data, error, mutate } = useSWR<OrderDetail>(`/api/orders/${orderId}`);
  const retry = useCallback(() => void mutate(), [mutate]);
  return { order: data, error, retry };
}
