import type { CrmDatabase } from "../database/open.ts";
import { sql } from "drizzle-orm";
import { accountIdsContaining, accountIdsWithPhone, containsText, CONTAINS_FIELDS, phoneDigits, phoneDigitsSearchedFor } from "./accounts-containing.ts";
import { MIN_SEARCH_LENGTH, SEARCH_RESULT_LIMIT, type SearchMatch } from "../../contracts/search.ts";

/** Inner matches are read from the trigram index up to this many before they are ranked by name. */
const INNER_MATCH_CANDIDATES = 200;

export interface AccountSearchHit {
  id: number;
  name: string;
  domain: string | null;
  orderCount: number;
  /** Why the account was found, shown under its name: staff see which contact, phone or order it was. */
  matchedOn: SearchMatch;
  matchedText: string;
}

/**
 * The header search. First the accounts whose name, e-mail, domain or an order number starts with the
 * text, each found by a range scan of its index; then, to fill the ten places, accounts containing it
 * anywhere in their name, domain, e-mail or contacts, or, for text that looks like a phone number, having
 * a phone (theirs or a contact's) with its digits, through the trigram index account_search. Each group is
 * ordered by name. Answers are remembered until data changes: staff type, erase and retype.
 */
export function searchAccounts(db: CrmDatabase, text: string): AccountSearchHit[] {
  const query = text.trim();
  if (query.length < MIN_SEARCH_LENGTH) return [];
  return db.answers.remember(`search:${query}`, () => findAccounts(db, query));
}

type Range = { start: string; end: string; limit: number };

function findAccounts(db: CrmDatabase, query: string): AccountSearchHit[] {
  const sqlite = db.$client;
  const limit = SEARCH_RESULT_LIMIT;
  const range = (start: string): Range => ({ start, end: `${start}\u{10FFFF}`, limit });

  const prefixIds = new Set<number>();
  /** The accounts found by an order number, with the range that found them, to say which order it was. */
  const orderRanges = new Map<number, Range>();
  // Raw statements, which bun:sqlite compiles once per text: the search answers every keystroke, and drizzle
  // would build and compile these range scans anew each time, several times their cost of running.
  const collect = (statement: string, params: Range) => {
    const ids = sqlite.query<{ id: number }, Range>(statement).all(params).map(({ id }) => id);
    for (const id of ids) prefixIds.add(id);
    return ids;
  };
  collect(
    "SELECT id FROM accounts WHERE name COLLATE NOCASE >= $start AND name COLLATE NOCASE < $end ORDER BY name COLLATE NOCASE, id LIMIT $limit",
    range(query),
  );
  collect("SELECT id FROM accounts WHERE email >= $start AND email < $end LIMIT $limit", range(query.toLowerCase()));
  collect("SELECT id FROM accounts WHERE domain >= $start AND domain < $end LIMIT $limit", range(query.toLowerCase()));
  for (const spelling of new Set([query, query.toUpperCase()])) {
    const orderRange = range(spelling);
    for (const id of collect("SELECT DISTINCT account_id AS id FROM orders WHERE order_number >= $start AND order_number < $end LIMIT $limit", orderRange)) {
      if (!orderRanges.has(id)) orderRanges.set(id, orderRange);
    }
  }

  const searched = { text: query.toLowerCase(), phoneDigits: phoneDigitsSearchedFor(query) };
  const prefixAccounts = accountsByName(sqlite, [...prefixIds]).slice(0, limit);
  const found = (accounts: FoundAccount[]) => describeMatches(sqlite, accounts, searched, orderRanges);
  if (prefixAccounts.length === limit) return found(prefixAccounts);

  const containing = accountIdsContaining(CONTAINS_FIELDS.headerSearch, containsText(query));
  const subqueries = [containing.indexed, containing.queued];
  if (searched.phoneDigits !== undefined) {
    const withPhone = accountIdsWithPhone(searched.phoneDigits);
    subqueries.push(withPhone.indexed, withPhone.queued);
  }
  const innerIds = db
    .all<{ id: number }>(sql`${sql.join(subqueries, sql` UNION `)} LIMIT ${INNER_MATCH_CANDIDATES}`)
    .map(({ id }) => id)
    .filter((id) => !prefixIds.has(id));
  return found([...prefixAccounts, ...accountsByName(sqlite, innerIds)].slice(0, limit));
}

interface FoundAccount {
  id: number;
  name: string;
  domain: string | null;
  email: string | null;
  phone: string | null;
  orderCount: number;
}

interface FoundContact {
  accountId: number;
  name: string;
  email: string | null;
  phone: string | null;
}

function accountsByName(sqlite: CrmDatabase["$client"], ids: number[]): FoundAccount[] {
  if (ids.length === 0) return [];
  return sqlite
    .query<FoundAccount, [string]>(
      `SELECT id, name, domain, email, phone, order_count AS orderCount FROM accounts
       WHERE id IN (SELECT value FROM json_each(?)) ORDER BY name COLLATE NOCASE, id`,
    )
    .all(JSON.stringify(ids));
}

/**
 * Says what each account was found by: the first of its values, its own before its contacts', that holds
 * the text (or, for a phone, its digits), or else the order number it was found by. Its name is the answer
 * when no single value holds the text (text running from a contact's name into their e-mail, which the
 * index holds side by side): it is what every result shows anyway.
 */
function describeMatches(
  sqlite: CrmDatabase["$client"],
  accounts: FoundAccount[],
  searched: { text: string; phoneDigits: string | undefined },
  orderRanges: Map<number, Range>,
): AccountSearchHit[] {
  const contactsOf = Map.groupBy(
    sqlite
      .query<FoundContact, [string]>(
        `SELECT account_id AS accountId, trim(first_name || ' ' || last_name) AS name, email, phone FROM contacts
         WHERE account_id IN (SELECT value FROM json_each(?)) ORDER BY is_primary DESC, id`,
      )
      .all(JSON.stringify(accounts.map(({ id }) => id))),
    (contact) => contact.accountId,
  );
  const holdsText = (value: string) => value.toLowerCase().includes(searched.text);
  const holdsDigits = (value: string) => searched.phoneDigits !== undefined && phoneDigits(value).includes(searched.phoneDigits);

  return accounts.map((account) => {
    const orderRange = orderRanges.get(account.id);
    const match =
      matchOf("name", account.name, holdsText) ??
      matchOf("domain", account.domain, holdsText) ??
      matchOf("email", account.email, holdsText) ??
      (orderRange && orderMatch(sqlite, account.id, orderRange)) ??
      matchOf("phone", account.phone, holdsDigits) ??
      (contactsOf.get(account.id) ?? [])
        .map((contact) => matchOf("contact", contact.name, holdsText) ?? matchOf("email", contact.email, holdsText) ?? matchOf("phone", contact.phone, holdsDigits))
        .find((contactMatch) => contactMatch !== undefined) ?? { matchedOn: "name", matchedText: account.name };
    return { id: account.id, name: account.name, domain: account.domain, orderCount: account.orderCount, ...match };
  });
}

function matchOf(matchedOn: SearchMatch, value: string | null, holds: (value: string) => boolean): { matchedOn: SearchMatch; matchedText: string } | undefined {
  return value !== null && holds(value) ? { matchedOn, matchedText: value } : undefined;
}

/**
 * The account's first order number in the range that found it. Read through the account's own orders
 * (`+order_number` keeps SQLite off the order-number index, whose range spans most orders for a short text).
 */
function orderMatch(sqlite: CrmDatabase["$client"], accountId: number, range: Range): { matchedOn: SearchMatch; matchedText: string } | undefined {
  const { orderNumber } = sqlite
    .query<{ orderNumber: string | null }, { accountId: number; start: string; end: string }>(
      "SELECT min(order_number) AS orderNumber FROM orders WHERE account_id = $accountId AND +order_number >= $start AND +order_number < $end",
    )
    .get({ accountId, start: range.start, end: range.end })!;
  return orderNumber === null ? undefined : { matchedOn: "order", matchedText: orderNumber };
}
