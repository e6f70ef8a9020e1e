import { useCallback } from "react";
import { useSWRConfig, type Key } from "swr";

/** Whether an SWR key reads the path or something under it: the path itself, a sub-path or the path with a query. */
export function readsUnder(key: Key, path: string): boolean {
  const url = typeof key === "string" ? key : Array.isArray(key) ? key.join("/") : "";
  return url === path || url.startsWith(`${path}/`) || url.startsWith(`${path}?`);
}

/**
 * Makes every cached read under one of the paths fetch again. Cached reads nobody shows are dropped
 * too: reads are never refetched on their own, so one kept from before a change would stay stale.
 * Hooks that keep previous data go on showing it until the new answer replaces it.
 * `paths` must keep its identity (a constant, or memoized): a new array each render would make a new function each time.
 */
export function useRefreshReads(paths: readonly string[]): () => Promise<void> {
  const refreshReadsUnder = useRefreshReadsUnder();
  return useCallback(() => refreshReadsUnder(paths), [refreshReadsUnder, paths]);
}

/** useRefreshReads for paths known only once a change is made, such as the timeline of the account it touched. */
export function useRefreshReadsUnder(): (paths: readonly string[]) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (paths: readonly string[]) => {
      await mutate((key) => paths.some((path) => readsUnder(key, path)), undefined, { revalidate: true });
    },
    [mutate],
  );
}
