import type { CrmDatabase } from "../database/open.ts";
import { whenDatabaseFree } from "../database/busy.ts";
import { readSetting, writeSetting } from "../settings/settings.ts";
import { ShipStationFailure, type ShipStationClient } from "./shipstation-client.ts";
import type { ShipStationOrder } from "./shipstation-order.ts";

/**
 * The names of the ShipStation stores these orders were sold in, by store id. API v1 names an order's
 * store by its id only, an export by its name; the order's identity compares names (order-identity.ts).
 * Kept in the settings and asked of ShipStation (GET /stores) only when an order names a store not known
 * yet, once per page at most, and never waiting for the rate limit: orders are not held up for their store's
 * name. Not to be had, the names are missing: the identity rules then match by customer.
 */
export async function storeNamesFor(db: CrmDatabase, client: ShipStationClient, orders: readonly ShipStationOrder[]): Promise<ReadonlyMap<number, string>> {
  const known = knownStoreNames(db);
  if (orders.every((order) => storeIdOf(order) === null || known.has(storeIdOf(order)!))) return known;
  let stores: { storeId?: unknown; storeName?: unknown }[];
  try {
    const answer = await client.get(client.url("/stores?showInactive=true"), { waitOutRateLimit: false });
    stores = Array.isArray(answer) ? answer : [];
  } catch (error) {
    if (error instanceof ShipStationFailure) return known;
    throw error;
  }
  const names = new Map(known);
  for (const store of stores) {
    if (typeof store.storeId === "number" && typeof store.storeName === "string" && store.storeName.trim()) names.set(store.storeId, store.storeName.trim());
  }
  await whenDatabaseFree(() => writeSetting(db, "shipstationStoreNames", JSON.stringify([...names])));
  return names;
}

export function storeIdOf(order: ShipStationOrder): number | null {
  const storeId = order.advancedOptions?.storeId;
  return typeof storeId === "number" ? storeId : null;
}

/** The store names V1 told, by store id, without asking ShipStation. */
export function knownStoreNames(db: CrmDatabase): Map<number, string> {
  const stored = readSetting(db, "shipstationStoreNames");
  return new Map(stored ? (JSON.parse(stored) as [number, string][]) : []);
}
