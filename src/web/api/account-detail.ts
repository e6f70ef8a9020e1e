import { useCallback } from "react";
import useSWR from "swr";
import type { toOrderJson } from "../../server/json/order-json.ts";
import type { Account } from "./accounts";
import { fetchCountedList, type CountedList } from "./client";
import type { Contact } from "./contacts";

/** What GET /api/accounts/{id} answers: the account as lists show it, with its contacts and latest orders. */
export interface AccountDetail extends Account {
  /** The primary contact first. */
  contacts: Contact[];
  /** The newest 25 only, newest first: an account can have thousands. useAccountOrders pages through all of them. */
  orders: Order[];
}

/**
 * An order as the server sends it: money in dollars, times as ISO strings, the raw payload as its source
 * sent it, normalised. The server always sends placedAt and externalId; they stay nullable here because
 * the order display (and its tests) still allow for orders without them.
 */
export type Order = Omit<ReturnType<typeof toOrderJson>, "placedAt" | "externalId"> & { placedAt: string | null; externalId: string | null };

export type ShipToAddress = Order["raw"]["shipTo"];

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
 * One page of the account's orders, newest first, with the number of all its orders. A new page keeps
 * the one on screen until it arrives, so the table does not jump.
 */
export function useAccountOrders(accountId: number, limit: number, offset: number) {
  const { data, error, isValidating, mutate } = useSWR<CountedList<Order>, unknown, string>(
    `${accountDetailUrl(accountId)}/orders?limit=${limit}&offset=${offset}`,
    fetchCountedList,
    { keepPreviousData: true },
  );
  const retry = useCallback(() => void mutate(), [mutate]);
  return { orderPage: data, error, isValidating, retry };
}
