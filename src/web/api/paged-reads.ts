import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";
import useSWRInfinite from "swr/infinite";
import { fetchCountedList, type CountedList } from "./client";

/** Which page a paged read asks for. */
export interface PageOf {
  limit: number;
  offset: number;
}

/** A list read a page at a time, with 'Show more'. */
export interface PagedList<T> {
  /** In the server's order, each once; undefined until the first page arrives. */
  items: T[] | undefined;
  /** How many match over all pages; undefined until the first page arrives. */
  total: number | undefined;
  error: unknown;
  /** Some matching items are not read yet. */
  hasMore: boolean;
  isLoadingMore: boolean;
  /** Reads the next page after those read. */
  showMore: () => void;
  /** Reads every page read so far again. */
  refresh: () => void;
}

/**
 * Reads a list `perPage` at a time from the URL `pageUrl` gives for each page (nothing while it is null). A
 * new URL keeps the items on screen until its answer replaces them, so that lists do not jump.
 */
export function usePagedList<T extends { id: number }>(pageUrl: ((page: PageOf) => string) | null, perPage: number): PagedList<T> {
  const { data: pagesRead, error, size, setSize, mutate } = useSWRInfinite<CountedList<T>, unknown>(
    (index) => pageUrl?.({ limit: perPage, offset: index * perPage }) ?? null,
    fetchCountedList,
    // The pages' offsets do not depend on each other's answers.
    { keepPreviousData: true, parallel: true },
  );
  // SWR's paged reads find a first page already in the cache (the page's first reads put theirs there before
  // the first render) only in an answer of their own, a render later: until then it is shown as it is, so
  // that the first render shows the list rather than nothing and then the list.
  const { cache } = useSWRConfig();
  const firstPageUrl = pagesRead === undefined ? pageUrl?.({ limit: perPage, offset: 0 }) : undefined;
  const firstPage = firstPageUrl === undefined ? undefined : (cache.get(firstPageUrl)?.data as CountedList<T> | undefined);
  const data = pagesRead ?? (firstPage === undefined ? undefined : [firstPage]);
  const showMore = useCallback(() => void setSize(size + 1), [setSize, size]);
  const refresh = useCallback(() => void mutate(), [mutate]);
  const total = data?.[0]?.total;
  const received = data?.reduce((sum, page) => sum + page.items.length, 0) ?? 0;
  return {
    items: data && withoutRepeats(data.flatMap((page) => page.items)),
    total,
    error,
    // A short last page ends the list even if the count has grown since the first page was read.
    hasMore: total !== undefined && received < total && data?.at(-1)?.items.length === perPage,
    isLoadingMore: error === undefined && data !== undefined && data.length < size,
    showMore,
    refresh,
  };
}

/**
 * One page of a list with Previous and Next, with how many items there are; kept on screen while the next
 * page is read, and then `isPrevious` says that what is shown is still the page before.
 */
export function useCountedPage<T>(
  url: string,
  options: { revalidateOnMount?: boolean } = {},
): { page: CountedList<T> | undefined; isPrevious: boolean; error: unknown; retry: () => void } {
  // With keepPreviousData, SWR's isLoading means: this URL has no answer yet, so `data` is an earlier URL's.
  const { data, error, isLoading, mutate } = useSWR<CountedList<T>, unknown, string>(url, fetchCountedList, { keepPreviousData: true, ...options });
  const retry = useCallback(() => void mutate(), [mutate]);
  return { page: data, isPrevious: isLoading && data !== undefined, error, retry };
}

/**
 * An item added or removed by someone else between reading two pages shifts the later pages by one: an
 * item may then come twice, and is shown once.
 */
function withoutRepeats<T extends { id: number }>(items: T[]): T[] {
  const seen = new Set<number>();
  return items.filter((item) => {
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
}
