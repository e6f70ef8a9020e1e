import { useCallback } from "react";
import { useSWRConfig, type Cache, type Key, type ScopedMutator } from "swr";

/** useSWRInfinite keeps the pages it shows under its first page's key with this prefix (each page is cached under its own key too). */
const PAGED_READ_PREFIX = "$inf$";

/** Whether an SWR key reads the path or something under it: the path itself, a sub-path or the path with a query, paged or not. */
export function readsUnder(key: Key, path: string): boolean {
  const text = typeof key === "string" ? key : Array.isArray(key) ? key.join("/") : "";
  const url = text.startsWith(PAGED_READ_PREFIX) ? text.slice(PAGED_READ_PREFIX.length) : text;
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
  const { cache, mutate } = useSWRConfig();
  return useCallback((paths: readonly string[]) => refetchReads(cache, mutate, (key) => paths.some((path) => readsUnder(key, path))), [cache, mutate]);
}

/**
 * Drops every cached read whose key is chosen, paged ones included, and fetches again those on screen.
 * SWR's key filter never offers paged reads, so they are dropped by their own keys. Their pages go first,
 * in the filter's pass (synchronously, as no new data is given), so that every page shown is fetched
 * again, not only the first.
 */
export async function refetchReads(cache: Cache, mutate: ScopedMutator, isChosen: (key: Key) => boolean): Promise<void> {
  const pagedReads = [...cache.keys()].filter((key) => key.startsWith(PAGED_READ_PREFIX) && isChosen(key));
  await Promise.all([mutate(isChosen, undefined, { revalidate: true }), ...pagedReads.map((key) => mutate(key, undefined, { revalidate: true }))]);
}
