import { preload } from "swr";
import { accountOrdersKey } from "./account-detail";
import { accountActivityKey } from "./activity";
import { fetchCountedList, fetcher } from "./client";
import { duplicateCandidatesUrl } from "./duplicates";

/**
 * Asks for what the account screen's cards show, its first orders, first timeline entries and possible
 * duplicates, beside its detail (which the screen asks for itself), rather than each card asking once the
 * detail has come: one round trip, not two.
 */
export function preloadAccountScreen(accountId: number, shown: { orders: number; activity: number }): void {
  void preload(accountOrdersKey(accountId, shown.orders, 0), fetchCountedList);
  void preload(accountActivityKey(accountId, shown.activity, 0), fetchCountedList);
  void preload(duplicateCandidatesUrl(accountId), fetcher);
}
