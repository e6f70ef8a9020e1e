import { and, asc, desc, eq, gte, isNull, lt, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { CrmDatabase } from "../database/open.ts";
import { accounts, contacts } from "../database/schema.ts";
import { invalid } from "../errors.ts";
import { escapeLike, ftsPhrase } from "../database/search-text.ts";
import { MIN_SEARCH_LENGTH } from "./account-search.ts";

export const ACCOUNT_STATUSES = ["active", "dormant", "prospect"] as const;
export const ACCOUNT_TIMEFRAMES = [14, 30, 90] as const;
export const ACCOUNT_SORTS = ["name", "lastOrderDate", "orderCount", "totalOrderValue"] as const;
export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 500;
/** An account is active while its last order is at most this old, dormant after. */
export const ACTIVE_WINDOW_DAYS = 90;

export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
export type AccountSort = (typeof ACCOUNT_SORTS)[number];

export interface AccountQuery {
  status?: AccountStatus;
  /** Only accounts created within this many days. */
  timeframeDays?: number;
  /** Name, domain or e-mail contains this text. */
  search?: string;
  sort: AccountSort;
  direction: "asc" | "desc";
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
}

/**
 * One page of accounts, filtered and sorted in SQL. Every sort has an index on (column, id), so a page
 * costs the same at offset 0 as deep into 100,000 accounts' worth of index.
 */
export function listAccounts(db: CrmDatabase, query: AccountQuery): { accounts: AccountSummary[]; total: number } {
  const where = and(...filtersOf(query));
  const total = db.select({ count: sql<number>`count(*)` }).from(accounts).where(where).get()?.count ?? 0;
  const order = query.direction === "asc" ? asc : desc;
  const rows = db
    .select({ account: accounts, contact: { id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName, email: contacts.email } })
    .from(accounts)
    .leftJoin(contacts, eq(contacts.id, primaryContactIdOf(accounts.id)))
    .where(where)
    .orderBy(order(SORT_COLUMNS[query.sort]), order(accounts.id))
    .limit(query.limit)
    .offset(query.offset)
    .all();
  return { accounts: rows.map(({ account, contact }) => toAccountSummary(account, contact)), total };
}

/** Reads list parameters as they come from a URL; unknown values are refused naming the parameter. */
export function parseAccountQuery(input: Record<string, string | undefined>): AccountQuery {
  return {
    status: optionalChoice("status", input.status, ACCOUNT_STATUSES),
    timeframeDays: input.timeframe ? Number(choice("timeframe", input.timeframe, ACCOUNT_TIMEFRAMES.map(String))) : undefined,
    search: input.q?.trim() || undefined,
    sort: optionalChoice("sort", input.sort, ACCOUNT_SORTS) ?? "name",
    direction: optionalChoice("dir", input.dir, SORT_DIRECTIONS) ?? "asc",
    limit: wholeNumber("limit", input.limit, DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE),
    offset: wholeNumber("offset", input.offset, 0, 0, Number.MAX_SAFE_INTEGER),
  };
}

/** The contact shown for an account: the one flagged primary, else the first added. */
export function primaryContactIdOf(accountId: typeof accounts.id): SQL {
  return sql`(SELECT c.id FROM ${contacts} c WHERE c.account_id = ${accountId} ORDER BY c.is_primary DESC, c.id LIMIT 1)`;
}

export function toAccountSummary(
  account: typeof accounts.$inferSelect,
  contact: { id: number; firstName: string; lastName: string; email: string | null } | null,
): AccountSummary {
  return {
    id: account.id,
    name: account.name,
    email: account.email,
    domain: account.domain,
    phone: account.phone,
    createdAt: account.createdAt,
    listType: account.listType,
    orderCount: account.orderCount,
    totalOrderCents: account.totalOrderCents,
    lastOrderAt: account.lastOrderAt,
    firstOrderAt: account.firstOrderAt,
    primaryContact: contact,
  };
}

const SORT_COLUMNS = {
  name: sql`${accounts.name} COLLATE NOCASE`,
  lastOrderDate: accounts.lastOrderAt,
  orderCount: accounts.orderCount,
  totalOrderValue: accounts.totalOrderCents,
} satisfies Record<AccountSort, unknown>;

const DAY_MS = 24 * 60 * 60 * 1000;

function filtersOf(query: AccountQuery): (SQL | undefined)[] {
  const now = Date.now();
  const activeSince = new Date(now - ACTIVE_WINDOW_DAYS * DAY_MS);
  const filters: (SQL | undefined)[] = [];
  if (query.status === "active") filters.push(gte(accounts.lastOrderAt, activeSince));
  if (query.status === "dormant") filters.push(lt(accounts.lastOrderAt, activeSince));
  if (query.status === "prospect") filters.push(isNull(accounts.lastOrderAt));
  if (query.timeframeDays) filters.push(gte(accounts.createdAt, new Date(now - query.timeframeDays * DAY_MS)));
  if (query.search) filters.push(containsText(query.search));
  return filters;
}

/** Name, domain or e-mail contains the text: through the trigram index from 3 characters, by a scan below. */
function containsText(text: string): SQL {
  if (text.length >= MIN_SEARCH_LENGTH) {
    return sql`${accounts.id} IN (SELECT rowid FROM account_search WHERE account_search MATCH ${`{name domain email}: ${ftsPhrase(text)}`})`;
  }
  const pattern = `%${escapeLike(text.toLowerCase())}%`;
  return or(likeEscaped(sql`lower(${accounts.name})`, pattern), likeEscaped(accounts.domain, pattern), likeEscaped(accounts.email, pattern))!;
}

function likeEscaped(column: SQLWrapper, pattern: string): SQL {
  return sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}

function optionalChoice<T extends string>(field: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  return value === undefined || value === "" ? undefined : choice(field, value, allowed);
}

function choice<T extends string>(field: string, value: string, allowed: readonly T[]): T {
  const found = allowed.find((candidate) => candidate === value);
  if (found === undefined) throw invalid(field, `${field} must be one of ${allowed.join(", ")}`);
  return found;
}

function wholeNumber(field: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === "") return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max) throw invalid(field, `${field} must be a whole number from ${min} to ${max}`);
  return number;
}
