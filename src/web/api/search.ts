import useSWR from "swr";
import type { AccountSearchHit } from "../../core/accounts/account-search.ts";

/** One account GET /api/search finds, as core finds it. */
export type { AccountSearchHit };

/** The server ignores shorter text, so the dashboard does not ask. */
export const MIN_SEARCH_LENGTH = 3;

export function isSearchable(text: string): boolean {
  return text.trim().length >= MIN_SEARCH_LENGTH;
}

/** The accounts matching the text, best first (up to 10); nothing is asked for text too short to search. */
export function useAccountSearch(text: string) {
  const query = text.trim();
  const { data, error } = useSWR<{ accounts: AccountSearchHit[] }>(
    isSearchable(query) ? `/api/search?q=${encodeURIComponent(query)}` : null,
    // Unlike other reads, a query asked again is refetched: names and order counts change under it.
    { revalidateIfStale: true, dedupingInterval: 2000 },
  );
  return { hits: data?.accounts, error };
}
