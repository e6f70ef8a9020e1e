import { useCallback, useEffect } from "react";
import { unstable_serialize, useSWRConfig, type Cache, type Key, type Middleware, type ScopedMutator } from "swr";

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
 * Fetches again every cached read whose key is chosen and that is on screen, and drops the others, paged
 * ones included. A read on screen keeps its answer until the new one replaces it: were it dropped first,
 * SWR would compare the new answer with the one its hook first showed (it keeps that one in the
 * subscription it made at mount), and an answer equal to that (a deleted contact restored, a name changed
 * and changed back) would never be shown. SWR's key filter never offers paged reads, so they are found by
 * their own keys; their pages are dropped, so that every page shown is fetched again, not only the first.
 */
export async function refetchReads(cache: Cache, mutate: ScopedMutator, isChosen: (key: Key) => boolean): Promise<void> {
  const keys = [...cache.keys()];
  const pagedReads = keys.filter((key) => key.startsWith(PAGED_READ_PREFIX) && isChosen(key));
  const reads = keys.filter((key) => !SWR_OWN_KEY.test(key) && isChosen(askedKeyOf(cache, key)));
  // Dropped through SWR, which forgets its record of the last request too: a hook mounted later finding one would not ask.
  const drop = (key: string) => mutate(key, undefined, { revalidate: true });
  await Promise.all([...reads.map((key) => (shownReads.has(key) ? mutate(key) : drop(key))), ...pagedReads.map(drop)]);
}

/**
 * The key a read's hook asked with (an array, say), which SWR keeps beside the answer as `_k` (its own key
 * filter reads it there); the cache's key itself, a URL, for a read put in the cache before a hook mounted.
 */
function askedKeyOf(cache: Cache, key: string): Key {
  const state = cache.get(key) as { _k?: Key } | undefined;
  return state?._k ?? key;
}

/** The keys SWR keeps for itself: useSWRInfinite's pages shown, subscriptions. */
const SWR_OWN_KEY = /^\$(inf|sub)\$/;

/** The reads on screen: each key with the number of mounted hooks showing it. */
const shownReads = new Map<string, number>();

/** SWR middleware (swr-config.ts) counting the hooks that show each read, for refetchReads. */
export const countShownReads: Middleware = (useSWRNext) => (key, fetcher, config) => {
  // useSWRInfinite's key is a function of the page: its pages are dropped and fetched again as a whole.
  const serialized = typeof key === "function" ? null : unstable_serialize(key);
  useEffect(() => {
    if (serialized === null || serialized === "") return;
    shownReads.set(serialized, (shownReads.get(serialized) ?? 0) + 1);
    return () => {
      const hooks = (shownReads.get(serialized) ?? 1) - 1;
      if (hooks === 0) shownReads.delete(serialized);
      else shownReads.set(serialized, hooks);
    };
  }, [serialized]);
  return useSWRNext(key, fetcher, config);
};
