import { and, asc, desc, eq, gte, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { CrmDatabase, CrmQueries } from "../database/open.ts";
import { accounts, contacts } from "../database/schema.ts";
import { requireKnownListType } from "../lists/list-types.ts";
import { accountsHavingOpenDuplicates, accountsWithOpenDuplicates } from "../duplicates/duplicate-candidates.ts";
import type { FirstOrderWindow } from "../../contracts/lists.ts";
import { firstOrderRange } from "../lists/first-order-window.ts";
import { preparedOnce } from "../database/prepared.ts";
import { activityCutoffs, isNewCustomer } from "../lifecycle/activity-lists.ts";
import { businessDayNumberToday, startOfDaysAgo } from "../time/business-calendar.ts";
import { reorderBandCondition } from "../analytics/reorder-radar.ts";
import type { ReorderBand } from "../../contracts/analytics.ts";
import { accountIdsContaining, containsText, CONTAINS_FIELDS, fieldsContaining } from "./accounts-containing.ts";
import { MIN_SEARCH_LENGTH } from "../../contracts/search.ts";
import { DEFAULT_ACCOUNT_PAGE_SIZE, type AccountListQuery, type AccountSort, type AccountStatus, type SortDirection } from "../../contracts/accounts.ts";

export interface AccountQuery {
  status?: AccountStatus;
  /** Only customers since (first order, or added by hand) at most this many New York calendar days ago. */
  timeframeDays?: number;
  /** Name, domain or e-mail contains this text. */
  search?: string;
  /** Only accounts in this list. */
  listType?: string;
  /** Only accounts with an open potential-duplicate pair. */
  showDuplicates?: boolean;
  /** Only accounts whose first order falls in this window (New York calendar dates, inclusive). */
  firstOrder?: FirstOrderWindow;
  /** Only accounts in this reorder band today. */
  reorder?: ReorderBand;
  sort: AccountSort;
  direction: SortDirection;
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
  if (query.listType !== undefined) requireKnownListType(db, query.listType);
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
  const firstOrder = firstOrderRange(query.firstOrder ?? {});
  const at = new Date(now);
  const values = {
    // Status: active while the last order is within the Active list's window, dormant after.
    activeSince: activityCutoffs(db, at).activeSince,
    createdSince: startOfDaysAgo(query.timeframeDays ?? 0, at),
    ...containsText(query.search ?? ""),
    listType: query.listType ?? "",
    firstOrderFrom: firstOrder.from,
    firstOrderTo: firstOrder.to,
    today: businessDayNumberToday(at),
    limit: query.limit,
    offset: query.offset,
  };
  const shape = `${query.status}:${query.timeframeDays !== undefined}:${searchKind(query.search)}:${query.listType !== undefined}:${query.firstOrder !== undefined}:${query.showDuplicates === true}:${query.reorder}`;
  // Counting every match is the one cost that grows with the table; it only changes when data does
  // (or, for the status and timeframe windows, with the minute).
  const countKey = JSON.stringify([shape, query.timeframeDays, query.search, query.listType, firstOrder, now]);
  const total = db.answers.remember(`accounts:${countKey}`, () =>
    preparedOnce(db, `countAccounts:${shape}`, () =>
      db.select({ count: sql<number>`count(*)` }).from(accounts).where(and(...filtersOf(query))).prepare(),
    ).get(values)?.count ?? 0,
  );
  const rows = preparedOnce(db, `accountsPage:${shape}:${query.sort}:${query.direction}`, () => {
    const order = query.direction === "asc" ? asc : desc;
    const page = db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(...filtersOf(query)))
      .orderBy(order(SORT_COLUMNS[query.sort]), order(accounts.id))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .as("page");
    return db
      .select({ account: accounts, primaryContactId })
      .from(page)
      .innerJoin(accounts, eq(accounts.id, page.id))
      .orderBy(order(SORT_COLUMNS[query.sort]), order(accounts.id))
      .prepare();
  }).all(values);
  return { accounts: withPrimaryContacts(db, rows), total };
}

/**
 * Completes account rows with their primary contact, read for all of them in one query: a correlated
 * join per row costs several times more than the one lookup by ids.
 */
export function withPrimaryContacts(db: CrmQueries, rows: { account: typeof accounts.$inferSelect; primaryContactId: number | null }[]): AccountSummary[] {
  const ids = rows.flatMap((row) => (row.primaryContactId === null ? [] : [row.primaryContactId]));
  const found = ids.length === 0 ? [] : db
    .select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName, email: contacts.email })
    .from(contacts)
    .where(sql`${contacts.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`)
    .all();
  const byId = new Map(found.map((contact) => [contact.id, contact]));
  const withDuplicates = accountsHavingOpenDuplicates(db, rows.map((row) => row.account.id));
  const cutoffs = activityCutoffs(db, new Date());
  return rows.map(({ account, primaryContactId }) => ({
    ...toAccountSummary(account, (primaryContactId !== null && byId.get(primaryContactId)) || null),
    isNew: isNewCustomer(account, cutoffs),
    hasDuplicate: withDuplicates.has(account.id),
  }));
}

/** The accounts API's query, as its contract has validated it, with the defaults filled in. */
export function accountQueryOf(query: AccountListQuery): AccountQuery {
  return {
    status: query.status,
    timeframeDays: query.timeframe === undefined ? undefined : Number(query.timeframe),
    search: query.q?.trim() || undefined,
    listType: query.listType?.trim() || undefined,
    showDuplicates: query.showDuplicates === true,
    firstOrder: query.from || query.to ? { from: query.from || undefined, to: query.to || undefined } : undefined,
    reorder: query.reorder,
    sort: query.sort ?? "name",
    direction: query.dir ?? "asc",
    limit: query.limit ?? DEFAULT_ACCOUNT_PAGE_SIZE,
    offset: query.offset ?? 0,
  };
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
    id: account.id,
    name: account.name,
    email: account.email,
    domain: account.domain,
    phone: account.phone,
    createdAt: account.createdAt,
    listType: account.listType,
    listPinned: account.listPinned,
    orderCount: account.orderCount,
    totalOrderCents: account.totalOrderCents,
    lastOrderAt: account.lastOrderAt,
    firstOrderAt: account.firstOrderAt,
    primaryContact: contact,
    ownerUserId: account.ownerUserId,
  };
}

const SORT_COLUMNS = {
  name: sql`${accounts.name} COLLATE NOCASE`,
  lastOrderDate: accounts.lastOrderAt,
  orderCount: accounts.orderCount,
  totalOrderValue: accounts.totalOrderCents,
} satisfies Record<AccountSort, unknown>;

/** The filters as SQL with placeholders (activeSince, createdSince, search), so one prepared statement serves every value. */
function filtersOf(query: AccountQuery): (SQL | undefined)[] {
  const filters: (SQL | undefined)[] = [];
  if (query.status === "active") filters.push(gte(accounts.lastOrderAt, sql.placeholder("activeSince")));
  if (query.status === "dormant") filters.push(lt(accounts.lastOrderAt, sql.placeholder("activeSince")));
  if (query.status === "prospect") filters.push(isNull(accounts.lastOrderAt));
  if (query.timeframeDays) filters.push(gte(accounts.createdAt, sql.placeholder("createdSince")));
  if (query.listType !== undefined) filters.push(eq(accounts.listType, sql.placeholder("listType")));
  if (query.showDuplicates) filters.push(accountsWithOpenDuplicates());
  if (query.firstOrder !== undefined) filters.push(sql`${accounts.firstOrderAt} BETWEEN ${sql.placeholder("firstOrderFrom")} AND ${sql.placeholder("firstOrderTo")}`);
  if (query.reorder !== undefined) filters.push(reorderBandCondition(query.reorder, sql`${sql.placeholder("today")}`));
  const contains = { phrase: sql.placeholder("phrase"), pattern: sql.placeholder("pattern") };
  if (searchKind(query.search) === "trigram") {
    const { indexed, queued } = accountIdsContaining(CONTAINS_FIELDS.listFilter, contains);
    filters.push(sql`(${accounts.id} IN (${indexed}) OR ${accounts.id} IN (${queued}))`);
  }
  if (searchKind(query.search) === "scan") {
    filters.push(sql`${accounts.id} IN (SELECT a.id FROM accounts a WHERE ${fieldsContaining(CONTAINS_FIELDS.listFilter, contains.pattern)})`);
  }
  return filters;
}

/** Name, domain or e-mail contains the text (accounts-containing.ts): through the trigram index from 3 characters, by a scan below that. */
function searchKind(search: string | undefined): "none" | "trigram" | "scan" {
  if (!search) return "none";
  return search.length >= MIN_SEARCH_LENGTH ? "trigram" : "scan";
}
