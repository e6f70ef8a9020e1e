import { t } from "./type-builder.ts";
import { SHORT_TEXT_MAX_LENGTH } from "./common.ts";

/**
 * The header search:
 *   GET /api/search?q=…   the accounts matching the text, best first (SearchQuery → SearchResult)
 */

export const SEARCH_PATH = "/api/search";

/** Shorter text finds no accounts, so the dashboard does not ask. */
export const MIN_SEARCH_LENGTH = 3;
export const SEARCH_RESULT_LIMIT = 10;

export const SearchQuery = t.Object({
  q: t.Optional(
    t.String({
      maxLength: SHORT_TEXT_MAX_LENGTH,
      error: `q must be text of at most ${SHORT_TEXT_MAX_LENGTH} characters`,
      description: `Found in an account's name, domain, e-mail, phone, order numbers or contacts; under ${MIN_SEARCH_LENGTH} characters (trimmed) finds nothing`,
    }),
  ),
});
export type SearchQuery = typeof SearchQuery.static;

/** One account the search finds. */
export const AccountSearchHit = t.Object({
  id: t.Integer(),
  name: t.String(),
  domain: t.Union([t.String(), t.Null()]),
  orderCount: t.Integer(),
});
export type AccountSearchHit = typeof AccountSearchHit.static;

/** Accounts whose name, e-mail, domain or an order number starts with the text first, then those containing it; each group by name. */
export const SearchResult = t.Object({ accounts: t.Array(AccountSearchHit, { maxItems: SEARCH_RESULT_LIMIT }) });
export type SearchResult = typeof SearchResult.static;
