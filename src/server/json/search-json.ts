import type { SearchResult } from "../../contracts/search.ts";
import type { AccountSearchHit } from "../../core/accounts/account-search.ts";

export function toSearchResultJson(hits: AccountSearchHit[]): SearchResult {
  return { accounts: hits.map((hit) => ({ id: hit.id, name: hit.name, domain: hit.domain, orderCount: hit.orderCount, matchedOn: hit.matchedOn, matchedText: hit.matchedText })) };
}
