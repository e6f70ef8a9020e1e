import { t } from "./type-builder.ts";
import { oneOf, searchText } from "./common.ts";

/**
 * The header search:
 *   GET /api/search?q=…   the accounts matching the text, best first (SearchQuery → SearchResult)
 */

export const SEARCH_PATH = "/api/search";

/** Shorter text finds no accounts, so the dashboard does not ask. */
export const MIN_SEARCH_LENGTH = 3;
export const SEARCH_RESULT_LIMIT = 10;
/** How far the matches are counted: past it the answer says only that there are more (`totalCapped`). */
export const SEARCH_TOTAL_CAP = 1000;

export const SearchQuery = t.Object({
  q: t.Optional(
    searchText(
      "q",
      `Found in an account's name, domain, e-mail, phone, order numbers or contacts; under ${MIN_SEARCH_LENGTH} characters (trimmed) finds nothing. Text of digits and phone punctuation with at least 4 digits is also looked for in phones by its digits, whatever their punctuation and without a leading +1`,
    ),
  ),
});
export type SearchQuery = typeof SearchQuery.static;

/** What an account was found by: its own name, domain or e-mail, a contact's name, a phone (its own or a contact's), an order number. */
export const SEARCH_MATCHES = ["name", "domain", "email", "contact", "phone", "order"] as const;
export type SearchMatch = (typeof SEARCH_MATCHES)[number];

/** One account the search finds. */
export const AccountSearchHit = t.Object({
  id: t.Integer(),
  name: t.String(),
  domain: t.Union([t.String(), t.Null()]),
  orderCount: t.Integer(),
  matchedOn: oneOf("matchedOn", SEARCH_MATCHES, "What holds the text (an order number: starts with it)"),
  matchedText: t.String({ description: "The value that matched, as stored: the name, the e-mail, the contact's full name, the phone, the order number" }),
});
export type AccountSearchHit = typeof AccountSearchHit.static;

/**
 * The best matches: the account named exactly the text first, then those whose name, e-mail, domain or an
 * order number starts with it, then those containing it; within each, the searcher's own accounts, then
 * customers with an order within the Active list's window, then by total order value, latest order, name.
 */
export const SearchResult = t.Object({
  accounts: t.Array(AccountSearchHit, { maxItems: SEARCH_RESULT_LIMIT }),
  total: t.Integer({ minimum: 0, maximum: SEARCH_TOTAL_CAP, description: `How many accounts match in all, counted up to ${SEARCH_TOTAL_CAP}` }),
  totalCapped: t.Boolean({ description: `More than ${SEARCH_TOTAL_CAP} accounts match: total stops there` }),
});
export type SearchResult = typeof SearchResult.static;
