import type { CrmDatabase } from "../database/open.ts";
import { sql, type SQL } from "drizzle-orm";
import { accountIdsContaining, accountIdsWithPhone, containsText, CONTAINS_FIELDS, phoneDigits, phoneDigitsSearchedFor } from "./accounts-containing.ts";
import { searchRankContext, searchRankOrder, type SearchRankContext } from "./search-rank.ts";
import { MIN_SEARCH_LENGTH, SEARCH_RESULT_LIMIT, SEARCH_TOTAL_CAP, type SearchMatch } from "../../contracts/search.ts";

/**
 * Accounts starting with the text are read from each range up to this many before they are ranked: more
 * than the commonest first word of names in the 100,000-account demo history ("The …", about 900; past
 * it the first by name are ranked), and one more than the total is counted to, so that order numbers,
 * which are not in the trigram index, are counted as far as the rest.
 */
const PREFIX_CANDIDATES = SEARCH_TOTAL_CAP + 1;

export interface AccountSearchHit {
  id: number;
  name: string;
  domain: string | null;
  orderCount: number;
  /** Why the account was found, shown under its name: staff see which contact, phone or order it was. */
  matchedOn: SearchMatch;
  matchedText: string;
}

/** The best matches, and how many accounts match in all: counted up to SEARCH_TOTAL_CAP, `totalCapped` when there are more. */
export interface AccountSearchAnswer {
  accounts: AccountSearchHit[];
  total: number;
  totalCapped: boolean;
}

export interface AccountSearchOptions {
  /** The signed-in user, whose own accounts come first among equal matches (search-rank.ts). */
  userId?: number | null;
  now?: Date;
}

/** The header search's best matches (searchAccountsCounted without the count). */
export function searchAccounts(db: CrmDatabase, text: string, options: AccountSearchOptions = {}): AccountSearchHit[] {
  return searchAccountsCounted(db, text, options).accounts;
}

/**
 * The header search. An account matches when its name, e-mail, domain or an order number starts with
 * the text, each found by a range scan of its index; or it contains the text anywhere in its name,
 * domain, e-mail or contacts, or, for text that looks like a phone number, has a phone (its own or a
 * contact's) with its digits, through the trigram index account_search. The best ten come first by how
 * well they match (its exact name, then what starts with the text, then what contains it), then by the
 * ranking every account search shares (search-rank.ts: the searcher's own accounts, customers buying
 * now, the most valuable). Answers are remembered until data changes: staff type, erase and retype.
 */
export function searchAccountsCounted(db: CrmDatabase, text: string, options: AccountSearchOptions = {}): AccountSearchAnswer {
  const query = text.trim();
  if (query.length < MIN_SEARCH_LENGTH) return { accounts: [], total: 0, totalCapped: false };
  const rank = searchRankContext(db, options.userId ?? null, options.now ?? new Date());
  return db.answers.remember(`search:${rank.userId ?? ""}:${rank.activeSince}:${query}`, () => findAccounts(db, query, rank));
}

type Range = { start: string; end: string; limit: number };

function findAccounts(db: CrmDatabase, query: string, rank: SearchRankContext): AccountSearchAnswer {
  const sqlite = db.$client;
  const limit = SEARCH_RESULT_LIMIT;
  const range = (start: string): Range => ({ start, end: `${start}\u{10FFFF}`, limit: PREFIX_CANDIDATES });

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
  const prefixIdsJson = JSON.stringify([...prefixIds]);
  const startingWith = sql`SELECT value AS id FROM json_each(${prefixIdsJson})`;
  const containing = accountIdsContaining(CONTAINS_FIELDS.headerSearch, containsText(query));
  const innerSubqueries = [containing.indexed, containing.queued];
  if (searched.phoneDigits !== undefined) {
    const withPhone = accountIdsWithPhone(searched.phoneDigits);
    innerSubqueries.push(withPhone.indexed, withPhone.queued);
  }
  const [{ total }] = db.all<{ total: number }>(
    sql`SELECT count(*) AS total FROM (${sql.join([startingWith, ...innerSubqueries], sql` UNION `)} LIMIT ${SEARCH_TOTAL_CAP + 1})`,
  ) as [{ total: number }];

  const best = (where: SQL, count: number, matchTier?: SQL) =>
    db.all<FoundAccount>(
      sql`SELECT a.id, a.name, a.domain, a.email, a.phone, a.order_count AS orderCount FROM accounts a
          WHERE ${where} ORDER BY ${searchRankOrder(rank, matchTier)} LIMIT ${count}`,
    );
  const bestStartingWith = prefixIds.size === 0 ? [] : best(sql`a.id IN (${startingWith})`, limit, sql`a.name = ${query} COLLATE NOCASE DESC`);
  const bestContaining =
    bestStartingWith.length === limit
      ? []
      : best(sql`a.id IN (${sql.join(innerSubqueries, sql` UNION `)}) AND a.id NOT IN (${startingWith})`, limit - bestStartingWith.length);
  return {
    accounts: describeMatches(sqlite, [...bestStartingWith, ...bestContaining], searched, orderRanges),
    total: Math.min(total, SEARCH_TOTAL_CAP),
    totalCapped: total > SEARCH_TOTAL_CAP,
  };
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
