import useSWR from "swr";
import { MIN_SEARCH_LENGTH, SEARCH_PATH, type AccountSearchHit, type SearchMatch, type SearchQuery, type SearchResult } from "../../contracts/search.ts";
import { useDebouncedValue } from "../useDebouncedValue";
import { apiUrl } from "./client";
import { displayPhone } from "../../contracts/phones.ts";

export { MIN_SEARCH_LENGTH };
export type { AccountSearchHit } from "../../contracts/search.ts";

export function isSearchable(text: string): boolean {
  return text.trim().length >= MIN_SEARCH_LENGTH;
}

/**
 * Typing pauses this long before the server is asked: longer than the gap between keys of someone typing a
 * word, so one search runs per word rather than per key, and short enough that results follow at once (a
 * search takes the server a few milliseconds, and bench:screens' target for the results is 250 ms).
 */
const TYPING_PAUSE_MS = 150;

/**
 * The accounts matching text being typed, best first (up to SEARCH_RESULT_LIMIT), and how many match in
 * all (`total`, counted up to SEARCH_TOTAL_CAP; `totalCapped` when more). The server is asked once typing
 * pauses, and nothing is asked for text too short to search; `isSearching` says the answer for the text as
 * it stands is still to come.
 */
export function useAccountSearch(text: string) {
  const query = text.trim();
  const settledQuery = useDebouncedValue(query, TYPING_PAUSE_MS);
  const { data, error } = useSWR<SearchResult>(
    isSearchable(settledQuery) ? searchUrl(settledQuery) : null,
    // Unlike other reads, a query asked again is refetched: names and order counts change under it.
    { revalidateIfStale: true, dedupingInterval: 2000 },
  );
  const hits = data?.accounts;
  return { hits, total: data?.total ?? 0, totalCapped: data?.totalCapped ?? false, error, isSearching: query !== settledQuery || (hits === undefined && error === undefined) };
}

export function searchUrl(text: string): string {
  return apiUrl(SEARCH_PATH, { q: text } satisfies SearchQuery);
}

/**
 * Why a hit was found, to show under its name ('Order ZZ-9', 'Contact: Tina Desk', 'Phone: (414) 479-4233');
 * nothing when its name matched. Text, not a tel: or mailto: link: the hit is an option of the search's
 * list, which a tap opens, and a link inside it would be a second target under the same finger.
 */
export function matchDescription(hit: Pick<AccountSearchHit, "matchedOn" | "matchedText">): string | undefined {
  const label = MATCH_LABELS[hit.matchedOn];
  if (label === undefined) return undefined;
  return `${label} ${hit.matchedOn === "phone" ? displayPhone(hit.matchedText) : hit.matchedText}`;
}

const MATCH_LABELS: Record<SearchMatch, string | undefined> = {
  name: undefined,
  domain: "Domain:",
  email: "Email:",
  contact: "Contact:",
  phone: "Phone:",
  order: "Order",
};
