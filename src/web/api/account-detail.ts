import { useCallback } from "react";
import useSWR from "swr";
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

export interface Order {
  id: number;
  /** 'csv' or 'shipstation'. */
  source: string;
  externalId: string | null;
  orderNumber: string | null;
  /** ISO date-time the customer placed the order. */
  placedAt: string | null;
  /** ISO date-time the order was recorded. */
  createdAt: string;
  /** In dollars; null when the source gave none. */
  total: number | null;
  raw: OrderPayload;
}

/** The order as its source sent it, normalised by the server. */
export interface OrderPayload {
  shipTo: ShipToAddress;
  items: OrderItem[];
  /** In dollars. */
  orderTotal: number | null;
  details: Record<string, string>;
}

export interface ShipToAddress {
  name?: string;
  company?: string;
  street1?: string;
  street2?: string;
  street3?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  country?: string;
  phone?: string;
}

export interface OrderItem {
  sku?: string;
  name?: string;
  quantity?: number;
  /** In dollars. */
  unitPrice: number | null;
}

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
