import { useCallback } from "react";
import useSWR from "swr";
import type { Account } from "./accounts";
import type { Contact } from "./contacts";

/** What GET /api/accounts/{id} answers: the account as lists show it, with its contacts and orders. */
export interface AccountDetail extends Account {
  /** The primary contact first. */
  contacts: Contact[];
  /** Newest first. */
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
