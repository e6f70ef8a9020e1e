import type { SWRConfiguration } from "swr";
import { countShownReads } from "./cached-reads";
import { fetcher } from "./client";

/** The largest delay setTimeout accepts; SWR schedules its dedupe clean-up with it. */
const LONGEST_TIMER_MS = 2_147_483_647;

/** Reads are fetched once and kept: no retries, no refetching on focus, reconnect or a timer. */
export const swrConfig: SWRConfiguration = {
  fetcher,
  shouldRetryOnError: false,
  errorRetryCount: 0,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  refreshInterval: 0,
  revalidateIfStale: false,
  dedupingInterval: LONGEST_TIMER_MS,
  use: [countShownReads],
};
