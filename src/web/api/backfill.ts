import { useCallback, useEffect, useRef } from "react";
import useSWR, { unstable_serialize, useSWRConfig } from "swr";
import type { BackfillRun, BackfillState, LatestBackfill } from "../../contracts/backfill.ts";
import { useRefreshAccounts } from "./accounts";
import { apiRequest } from "./client";

export const BACKFILL_PATH = "/api/admin/backfill";

/** How often a running backfill's progress is asked for. */
const RUNNING_POLL_MS = 1500;

export { DEFAULT_BACKFILL_DAYS, MAX_BACKFILL_DAYS, MIN_BACKFILL_DAYS } from "../../contracts/backfill.ts";
export type { BackfillRun, BackfillState };

/**
 * The running or latest backfill, for admins, with the action that starts one. Its progress is asked for
 * every 1.5 s while it runs; when it ends, the accounts it created or changed are fetched again.
 */
export function useLatestBackfill() {
  // The interval must follow the answer being shown, including one just put there by start(): SWR only
  // restarts its timer when the interval changes, and an interval function that once answered 0 never runs again.
  const { cache } = useSWRConfig();
  const shown: LatestBackfill | undefined = cache.get(unstable_serialize(BACKFILL_PATH))?.data;
  const { data, error, mutate } = useSWR<LatestBackfill>(BACKFILL_PATH, {
    // Only while one runs: the app's reads are otherwise never refetched on a timer.
    refreshInterval: shown?.backfill?.state === "running" ? RUNNING_POLL_MS : 0,
    // The app's reads are deduplicated for as long as they are cached: every poll would get the first answer back.
    dedupingInterval: 0,
    // Asked again on each visit: a backfill may have started from the command line, or ended, meanwhile.
    revalidateOnMount: true,
  });
  const retry = useCallback(() => void mutate(), [mutate]);
  useRefreshAccountsWhenBackfillEnds(data?.backfill);

  const start = useCallback(
    async (days: number, modified = false): Promise<void> => {
      try {
        const run = await apiRequest<BackfillRun>("POST", BACKFILL_PATH, { days, modified });
        await mutate({ backfill: run }, { revalidate: false });
      } catch (startError) {
        // Refused because one is already running (perhaps from the command line): show that one.
        void mutate();
        throw startError;
      }
    },
    [mutate],
  );

  /** Undefined while loading; null before the first backfill. */
  const backfill = data?.backfill;
  return { backfill, error, retry, start };
}

/** A backfill writes accounts and orders: once one that was seen running has ended, every read of them is refreshed. */
function useRefreshAccountsWhenBackfillEnds(backfill: BackfillRun | null | undefined): void {
  const refreshAccounts = useRefreshAccounts();
  const runningId = useRef<number | null>(null);
  useEffect(() => {
    if (backfill?.state === "running") {
      runningId.current = backfill.id;
    } else if (runningId.current !== null) {
      runningId.current = null;
      void refreshAccounts();
    }
  }, [backfill, refreshAccounts]);
}
