import type { SearchResult } from "../../contracts/search.ts";
import type { AccountSearchAnswer } from "../../core/accounts/account-search.ts";

export function toSearchResultJson(answer: AccountSearchAnswer): SearchResult {
  return {
    accounts: answer.accounts.map((hit) => ({ id: hit.id, name: hit.name, domain: hit.domain, orderCount: hit.orderCount, matchedOn: hit.matchedOn, matchedText: hit.matchedText })),
    total: answer.total,
    totalCapped: answer.totalCapped,
  };
}
