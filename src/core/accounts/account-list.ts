import { and, asc, desc, eq, gte, isNull, lt, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { CrmDatabase, CrmQueries } from "../database/open.ts";
import { accounts, contacts, orders, users } from "../database/schema.ts";
import { requireKnownListType } from "../lists/list-types.ts";
import { invalid } from "../errors.ts";
import { accountsHavingOpenDuplicates, accountsWithOpenDuplicates } from "./open-duplicates.ts";
import { firstOrderRange } from "../lists/first-order-window.ts";
import { preparedOnce } from "../database/prepared.ts";
import { activityCutoffs, isNewCustomer } from "../lifecycle/lifecycle-lists.ts";
import { businessDayNumberToday, startOfDaysAgo } from "../time/business-calendar.ts";
import { reorderBandCondition } from "./account-rhythm.ts";
import { accountIdsContaining, accountIdsWithPhone, containsText, CONTAINS_FIELDS, fieldsContaining, phoneDigitsSearchedFor } from "./accounts-containing.ts";
import { MIN_SEARCH_LENGTH } from "../../contracts/search.ts";
import { DEFAULT_ACCOUNT_PAGE_SIZE, MAX_SELECTED_ACCOUNTS, OWNER_FILTER_ERROR, TOO_MANY_SELECTED_ACCOUNTS, type AccountFilterQuery, type AccountSelection, type AccountListQuery, type AccountSort, type SortDirection } from "../../contracts/accounts.ts";

/**
 * The accounts table's filters, what its page, its export and its bulk actions select accounts by: the
 * contract's own shape and names, from the dashboard's URL to the SQL (accountFiltersOf tidies them), but
 * for the owner, known by now: a user's id, or "none".
 */
export type AccountFilters = Omit<AccountFilterQuery, "owner"> & { owner?: number | "none" };

/** Who is asking: `owner=me` means them. Null for the command line, which has no "me". */
export type Viewer = number | null;

/** The order the accounts table lists them in, by a column and then by id, named as the contract names it. */
export interface AccountOrder {
  sort: AccountSort;
  dir: SortDirection;
}

export interface AccountQuery extends AccountFilters, AccountOrder {
  limit: number;
  offset: number;
}

export interface AccountSummary {
  id: number;
  name: string;
  email: string | null;
  domain: string | null;
  phone: string | null;
  createdAt: Date;
  listType: string;
  orderCount: number;
  totalOrderCents: number;
  lastOrderAt: Date | null;
  firstOrderAt: Date | null;
  primaryContact: { id: number; firstName: string; lastName: string; email: string | null } | null;
  /** Staff chose the list; otherwise the activity rules keep it up to date. */
  listPinned: boolean;
  /** A new customer: first order (or, with none, being added) within the New window. */
  isNew: boolean;
  /** The user who looks after the account (its welcome task went to them, or staff chose them). */
  ownerUserId: number | null;
  /** Whether an open potential-duplicate pair names this account. */
  hasDuplicate: boolean;
}

/**
 * One page of accounts, filtered and sorted in SQL. Every sort has an index on (column, id), so the
 * page's ids come from the index alone, and only those rows are joined to their contact.
 * A page changes only when data does, or with the minute (the status and timeframe windows): staff
 * paging back and forth, and every screen showing the same page, are answered from memory.
 */
export function listAccounts(db: CrmDatabase, query: AccountQuery): AccountPage {
  requireKnownChoices(db, query);
  const now = Math.floor(Date.now() / 60_000) * 60_000;
  if (query.limit > MAX_REMEMBERED_PAGE_SIZE) return readAccountsPage(db, query, now);
  return db.answers.remember(`accountsPage:${JSON.stringify(query)}:${now}`, () => readAccountsPage(db, query, now));
}

export interface AccountPage {
  accounts: AccountSummary[];
  total: number;
}

/** Larger pages (bulk tools) are rare and would make the remembered answers weigh too much. */
const MAX_REMEMBERED_PAGE_SIZE = 100;

function readAccountsPage(db: CrmDatabase, query: AccountQuery, now: number): AccountPage {
  const values = { ...filterValues(db, query, new Date(now)), limit: query.limit, offset: query.offset };
  const shape = filterShape(query);
  // Counting every match is the one cost that grows with the table; it only changes when data does
  // (or, for the status and timeframe windows, with the minute).
  const countKey = JSON.stringify([shape, query.timeframe, query.q, query.list, query.owner, values.firstOrderFrom, values.firstOrderTo, now]);
  const total = db.answers.remember(`accounts:${countKey}`, () =>
    statementFor(db, query, `countAccounts:${shape}`, () =>
      db.select({ count: sql<number>`count(*)` }).from(accounts).where(filterCondition(query, sql.placeholder)).prepare(),
    ).get(values)?.count ?? 0,
  );
  const rows = statementFor(db, query, `accountsPage:${shape}:${query.sort}:${query.dir}`, () => {
    const page = db
      .select({ id: accounts.id })
      .from(accounts)
      .where(filterCondition(query, sql.placeholder))
      .orderBy(...accountOrderBy(query))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .as("page");
    return db
      .select({ account: accounts, primaryContactId })
      .from(page)
      .innerJoin(accounts, eq(accounts.id, page.id))
      .orderBy(...accountOrderBy(query))
      .prepare();
  }).all(values);
  return { accounts: withPrimaryContacts(db, rows), total };
}

/**
 * The page's statements are prepared once for each shape of filters, their values given as placeholders;
 * but for text to find, whose statement holds what it looks for (the phone digits and order numbers of
 * the search core's own conditions): built for that text, and its answer is remembered anyway.
 */
function statementFor<T>(db: CrmDatabase, filters: AccountFilters, key: string, build: () => T): T {
  return filters.q === undefined ? preparedOnce(db, key, build) : build();
}

/**
 * Completes account rows with their primary contact, read for all of them in one query: a correlated
 * join per row costs several times more than the one lookup by ids.
 */
export function withPrimaryContacts(db: CrmDatabase, rows: { account: typeof accounts.$inferSelect; primaryContactId: number | null }[]): AccountSummary[] {
  const ids = rows.flatMap((row) => (row.primaryContactId === null ? [] : [row.primaryContactId]));
  // Raw SQL, compiled once by SQLite: on every page and account answer, drizzle built this query anew each time for more than it cost to run.
  const found =
    ids.length === 0
      ? []
      : db.$client
          .query<{ id: number; firstName: string; lastName: string; email: string | null }, [string]>(
            "SELECT id, first_name AS firstName, last_name AS lastName, email FROM contacts WHERE id IN (SELECT value FROM json_each(?))",
          )
          .all(JSON.stringify(ids));
  const byId = new Map(found.map((contact) => [contact.id, contact]));
  const withDuplicates = accountsHavingOpenDuplicates(db, rows.map((row) => row.account.id));
  const cutoffs = activityCutoffs(db, new Date());
  return rows.map(({ account, primaryContactId }) => ({
    ...toAccountSummary(account, (primaryContactId !== null && byId.get(primaryContactId)) || null),
    isNew: isNewCustomer(account, cutoffs),
    hasDuplicate: withDuplicates.has(account.id),
  }));
}

/** The accounts API's query, as its contract has validated it, with the defaults filled in; `owner=me` is the viewer. */
export function accountQueryOf(query: AccountListQuery, viewer: Viewer): AccountQuery {
  return { ...accountFiltersOf(query, viewer), ...accountOrderOf(query), limit: query.limit ?? DEFAULT_ACCOUNT_PAGE_SIZE, offset: query.offset ?? 0 };
}

/**
 * The filters of the accounts table as its contract has validated them (a page's query, an export's, a bulk
 * action's selection), tidied so that equal choices are equal: text trimmed, blanks and an unticked toggle
 * left out.
 */
export function accountFiltersOf(query: AccountFilterQuery, viewer: Viewer): AccountFilters {
  return {
    status: query.status,
    timeframe: query.timeframe,
    q: query.q?.trim() || undefined,
    list: query.list?.trim() || undefined,
    owner: ownerFilterOf(query.owner, viewer),
    showDuplicates: query.showDuplicates || undefined,
    from: query.from || undefined,
    to: query.to || undefined,
    reorder: query.reorder,
  };
}

/** The owner filter as its contract has validated it (me, none, all or digits), with `me` the viewer and `all` no filter. */
function ownerFilterOf(owner: string | undefined, viewer: Viewer): AccountFilters["owner"] {
  if (owner === undefined || owner === "all") return undefined;
  if (owner === "none") return "none";
  if (owner !== "me") return Number(owner);
  if (viewer === null) throw invalid("owner", "owner=me needs a signed-in user: give a user id instead");
  return viewer;
}

/** A list or owner the filters name must exist: anything else is refused naming the field. */
function requireKnownChoices(db: CrmQueries, filters: AccountFilters): void {
  if (filters.list !== undefined) requireKnownListType(db, filters.list, "list");
  if (typeof filters.owner === "number") {
    const known = db.select({ id: users.id }).from(users).where(eq(users.id, filters.owner)).get();
    if (!known) throw invalid("owner", OWNER_FILTER_ERROR);
  }
}

/** The table's sort as its contract has validated it: by name, ascending, unless given. */
export function accountOrderOf(query: { sort?: AccountSort; dir?: SortDirection }): AccountOrder {
  return { sort: query.sort ?? "name", dir: query.dir ?? "asc" };
}

/**
 * The contact shown for an account: the one flagged primary, else the first added. The account's id is
 * written with its table, as drizzle leaves single-table columns bare and "id" would mean the contact's.
 */
export const primaryContactId = sql<number | null>`(SELECT c.id FROM ${contacts} c WHERE c.account_id = ${accounts}.id ORDER BY c.is_primary DESC, c.id LIMIT 1)`;

export function toAccountSummary(
  account: typeof accounts.$inferSelect,
  contact: { id: number; firstName: string; lastName: string; email: string | null } | null,
): Omit<AccountSummary, "hasDuplicate" | "isNew"> {
  return {
    ...plainAccountFields(account),
    createdAt: account.createdAt,
    totalOrderCents: account.totalOrderCents,
    lastOrderAt: account.lastOrderAt,
    firstOrderAt: account.firstOrderAt,
    primaryContact: contact,
  };
}

/** The fields of an account that read the same wherever it is shown: not times, money or anything joined. */
export type PlainAccountFields = Pick<AccountSummary, "id" | "name" | "email" | "domain" | "phone" | "listType" | "listPinned" | "orderCount" | "ownerUserId">;

/** An account's plain fields, copied from a stored row or a summary: the one place they are listed. */
export function plainAccountFields(account: PlainAccountFields): PlainAccountFields {
  return {
    id: account.id,
    name: account.name,
    email: account.email,
    domain: account.domain,
    phone: account.phone,
    listType: account.listType,
    listPinned: account.listPinned,
    orderCount: account.orderCount,
    ownerUserId: account.ownerUserId,
  };
}

const SORT_COLUMNS = {
  name: sql`${accounts.name} COLLATE NOCASE`,
  lastOrderDate: accounts.lastOrderAt,
  orderCount: accounts.orderCount,
  totalOrderValue: accounts.totalOrderCents,
  owner: sql`(SELECT u.name FROM ${users} u WHERE u.id = ${accounts.ownerUserId}) COLLATE NOCASE`,
} satisfies Record<AccountSort, unknown>;

/**
 * The filters as one condition carrying their values, for a statement run once over every match (an
 * export, a bulk action); an unknown list or owner is refused naming the field. The page's statements use
 * the same condition with placeholders instead, so that one prepared statement serves every value.
 */
export function accountFilterCondition(db: CrmDatabase, filters: AccountFilters, at = new Date()): SQL | undefined {
  requireKnownChoices(db, filters);
  const values = filterValues(db, filters, at);
  return filterCondition(filters, (name) => values[name]);
}

/**
 * The accounts an export or a bulk action covers, as one condition: the ones staff ticked (at most
 * MAX_SELECTED_ACCOUNTS; past that the table offers "all matching"), or every account its filters match.
 */
export function accountSelectionCondition(db: CrmDatabase, { ids, allMatching }: AccountSelection, viewer: Viewer, at = new Date()): SQL | undefined {
  if (allMatching !== undefined && ids === undefined) return accountFilterCondition(db, accountFiltersOf(allMatching, viewer), at);
  if (ids === undefined || allMatching !== undefined) throw invalid("selection", "selection must give either ids or allMatching");
  if (ids.length > MAX_SELECTED_ACCOUNTS) throw invalid("ids", TOO_MANY_SELECTED_ACCOUNTS);
  return sql`${accounts.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
}

/**
 * ORDER BY of the accounts table: the sort column, then the id, both in the chosen direction; every sort
 * but the owner's has an index on the two. By owner, accounts without one come last either way; the owners'
 * names are read from the few users, a lookup per account, as the name is not the account's to index.
 */
export function accountOrderBy(order: AccountOrder): SQL[] {
  const direction = order.dir === "asc" ? asc : desc;
  const unownedLast = order.sort === "owner" ? [sql`${accounts.ownerUserId} IS NULL`] : [];
  return [...unownedLast, direction(SORT_COLUMNS[order.sort]), direction(accounts.id)];
}

type FilterValues = ReturnType<typeof filterValues>;

/** What the filters compare with at an instant: the status and timeframe windows move with the clock. */
function filterValues(db: CrmDatabase, filters: AccountFilters, at: Date) {
  const firstOrder = firstOrderRange({ from: filters.from, to: filters.to });
  return {
    // Status: active while the last order is within the Active list's window, dormant after.
    activeSince: activityCutoffs(db, at).activeSince,
    createdSince: startOfDaysAgo(Number(filters.timeframe ?? 0), at),
    ...containsText(filters.q ?? ""),
    list: filters.list ?? "",
    owner: typeof filters.owner === "number" ? filters.owner : 0,
    firstOrderFrom: firstOrder.from,
    firstOrderTo: firstOrder.to,
    today: businessDayNumberToday(at),
  };
}

/** Which filters are present: statements differ by it, and by nothing else of the filters. */
function filterShape(filters: AccountFilters): string {
  const owner = filters.owner === undefined ? "" : filters.owner === "none" ? "none" : "user";
  return `${filters.status}:${filters.timeframe !== undefined}:${searchKind(filters.q)}:${filters.list !== undefined}:${owner}:${hasFirstOrderWindow(filters)}:${filters.showDuplicates === true}:${filters.reorder}`;
}

/** The one definition of the filters; `value` gives each value's SQL: a placeholder of that name, or the value itself. */
function filterCondition(filters: AccountFilters, value: <Name extends keyof FilterValues>(name: Name) => Placeholder | FilterValues[Name]): SQL | undefined {
  // As a parameter of its own: compared with a column directly, drizzle would encode it as that column's type (a Date).
  const param = (name: keyof FilterValues) => sql`${value(name)}`;
  const conditions: (SQL | undefined)[] = [];
  if (filters.status === "active") conditions.push(gte(accounts.lastOrderAt, param("activeSince")));
  if (filters.status === "dormant") conditions.push(lt(accounts.lastOrderAt, param("activeSince")));
  if (filters.status === "prospect") conditions.push(isNull(accounts.lastOrderAt));
  if (filters.timeframe !== undefined) conditions.push(gte(accounts.createdAt, param("createdSince")));
  if (filters.list !== undefined) conditions.push(eq(accounts.listType, param("list")));
  if (filters.owner === "none") conditions.push(isNull(accounts.ownerUserId));
  if (typeof filters.owner === "number") conditions.push(eq(accounts.ownerUserId, param("owner")));
  if (filters.showDuplicates) conditions.push(accountsWithOpenDuplicates());
  if (hasFirstOrderWindow(filters)) conditions.push(sql`${accounts.firstOrderAt} BETWEEN ${param("firstOrderFrom")} AND ${param("firstOrderTo")}`);
  if (filters.reorder !== undefined) conditions.push(reorderBandCondition(filters.reorder, param("today")));
  const contains = { phrase: value("phrase"), pattern: value("pattern") };
  if (searchKind(filters.q) === "trigram") conditions.push(sql`${accounts.id} IN (${sql.join(accountsFound(filters.q!, contains), sql` UNION `)})`);
  if (searchKind(filters.q) === "scan") {
    conditions.push(sql`${accounts.id} IN (SELECT a.id FROM accounts a WHERE ${fieldsContaining(CONTAINS_FIELDS.listFilter, contains.pattern)})`);
  }
  return and(...conditions);
}

/**
 * The accounts the header search finds for the text (account-search.ts), all of them rather than its ten:
 * containing it in their name, domain, e-mail or contacts; for text that looks like a phone number,
 * having a phone with its digits; and having an order whose number starts with it (as typed, or in
 * capitals, as the header search reads it).
 */
function accountsFound(text: string, contains: { phrase: Placeholder | string; pattern: Placeholder | string }): SQL[] {
  const containing = accountIdsContaining(CONTAINS_FIELDS.headerSearch, contains);
  const found = [containing.indexed, containing.queued];
  const digits = phoneDigitsSearchedFor(text);
  if (digits !== undefined) {
    const withPhone = accountIdsWithPhone(digits);
    found.push(withPhone.indexed, withPhone.queued);
  }
  for (const spelling of new Set([text, text.toUpperCase()])) {
    found.push(sql`SELECT ${orders.accountId} AS id FROM ${orders} WHERE ${orders.orderNumber} >= ${spelling} AND ${orders.orderNumber} < ${`${spelling}\u{10FFFF}`}`);
  }
  return found;
}

function hasFirstOrderWindow(filters: AccountFilters): boolean {
  return filters.from !== undefined || filters.to !== undefined;
}

/** What the header search finds, from 3 characters (accountsFound); below that, a scan for a name, domain or e-mail containing the text. */
function searchKind(search: string | undefined): "none" | "trigram" | "scan" {
  if (!search) return "none";
  return search.length >= MIN_SEARCH_LENGTH ? "trigram" : "scan";
}
