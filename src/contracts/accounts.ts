import { t } from "./type-builder.ts";
import { Dollars, flag, IsoTime, oneOf, pageQuery, SHORT_TEXT_MAX_LENGTH, recordId, ShortText, SORT_DIRECTIONS } from "./common.ts";
import { REORDER_BANDS, ReorderRhythm } from "./analytics.ts";
import { Contact } from "./contacts.ts";
import { firstOrderWindowQuery, LIST_KEY_MAX_LENGTH } from "./lists.ts";
import { Order } from "./orders.ts";

/**
 * The accounts API: every customer e-mail is an account, with its order figures, its list and its owner.
 *   GET    /api/accounts                 a page of accounts, filtered and sorted (AccountListQuery → Account[], X-Total-Count)
 *   POST   /api/accounts                 add an account by hand (NewAccountBody → Account, 201)
 *   GET    /api/accounts/{id}            the account screen (→ AccountDetail)
 *   GET    /api/accounts/{id}/orders     its orders, paged (AccountOrdersQuery in orders.ts → Order[], X-Total-Count)
 *   PATCH  /api/accounts/{id}            change fields or owner (AccountChanges → Account)
 *   PATCH  /api/accounts/{id}/list-type  move it to a list, or back to automatic (ListTypeBody → Account); POST does the same
 */

/** Active: ordered within the Active list's window; dormant: ordered before it; prospect: never ordered. */
export const ACCOUNT_STATUSES = ["active", "prospect", "dormant"] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** "Added in the last N days": customers since (first order, or added by hand) at most this many New York calendar days ago. */
export const ACCOUNT_TIMEFRAMES = ["14", "30", "90"] as const;
export type AccountTimeframe = (typeof ACCOUNT_TIMEFRAMES)[number];

export const ACCOUNT_SORTS = ["name", "lastOrderDate", "orderCount", "totalOrderValue"] as const;
export type AccountSort = (typeof ACCOUNT_SORTS)[number];

export { SORT_DIRECTIONS, type SortDirection } from "./common.ts";

/** A page of the accounts table unless the caller asks for another size. */
export const DEFAULT_ACCOUNT_PAGE_SIZE = 10;

/** GET /api/accounts: every filter is optional and they combine. */
export const AccountListQuery = t.Object({
  status: t.Optional(oneOf("status", ACCOUNT_STATUSES)),
  timeframe: t.Optional(oneOf("timeframe", ACCOUNT_TIMEFRAMES, "Customers since at most this many days")),
  q: t.Optional(t.String({ maxLength: SHORT_TEXT_MAX_LENGTH, description: "Name, domain or e-mail contains this text" })),
  listType: t.Optional(t.String({ maxLength: LIST_KEY_MAX_LENGTH, description: "Only accounts in this list, by its key" })),
  showDuplicates: t.Optional(flag("showDuplicates", "Only accounts with an open potential-duplicate pair")),
  reorder: t.Optional(oneOf("reorder", REORDER_BANDS, "Only accounts in this reorder band today")),
  ...firstOrderWindowQuery,
  sort: t.Optional(oneOf("sort", ACCOUNT_SORTS)),
  dir: t.Optional(oneOf("dir", SORT_DIRECTIONS)),
  ...pageQuery(),
});
export type AccountListQuery = typeof AccountListQuery.static;

/** An account as lists show it. Money in dollars, times in ISO 8601 UTC. */
export const Account = t.Object({
  id: t.Integer(),
  name: t.String(),
  email: t.Union([t.String(), t.Null()]),
  domain: t.Union([t.String(), t.Null()]),
  phone: t.Union([t.String(), t.Null()]),
  createdAt: t.String({ format: "date-time", description: "Customer since: the first order, or when it was added by hand" }),
  listType: t.String({ description: "The key of the list the account is in" }),
  listPinned: t.Boolean({ description: "Staff chose the list; otherwise the activity rules keep it up to date" }),
  isNew: t.Boolean({ description: "First order (or, with none, being added) within the New list's window" }),
  orderCount: t.Integer(),
  totalOrderValue: Dollars,
  lastOrderDate: t.Union([IsoTime, t.Null()]),
  firstOrderDate: t.Union([IsoTime, t.Null()]),
  primaryContact: t.Union([
    t.Object({ id: t.Integer(), firstName: t.String(), lastName: t.String(), email: t.Union([t.String(), t.Null()]) }),
    t.Null(),
  ]),
  ownerUserId: t.Union([t.Integer(), t.Null()]),
  hasDuplicate: t.Boolean({ description: "An open potential-duplicate pair names this account" }),
});
export type Account = typeof Account.static;

export const AccountList = t.Array(Account);

/** The account screen: the account, its contacts (primary first) and its newest ORDERS_IN_ACCOUNT_DETAIL orders. */
export const AccountDetail = t.Composite([
  Account,
  t.Object({
    contacts: t.Array(Contact),
    orders: t.Array(Order),
    reorder: t.Union([ReorderRhythm, t.Null()], { description: "The account's ordering rhythm, once it has orders on three distinct days" }),
  }),
]);
export type AccountDetail = typeof AccountDetail.static;

const accountFields = {
  name: t.Optional(ShortText),
  email: t.Optional(t.Union([ShortText, t.Null()])),
  domain: t.Optional(t.Union([ShortText, t.Null()])),
  phone: t.Optional(t.Union([ShortText, t.Null()])),
};

/** POST /api/accounts: a name is required; the domain comes from the e-mail unless given (and unless the e-mail is free mail). */
export const NewAccountBody = t.Object(accountFields);

/** PATCH /api/accounts/{id}: only the fields given change; null clears an optional one. */
export const AccountChanges = t.Object({
  ...accountFields,
  ownerUserId: t.Optional(t.Union([recordId("ownerUserId"), t.Null()], { description: "An active team member, or null for none" })),
});
export type AccountChanges = typeof AccountChanges.static;

/** A list's key, or "automatic" to let the activity rules place the account again. */
export const ListTypeBody = t.Object({ listType: t.String({ maxLength: LIST_KEY_MAX_LENGTH }) });
export type ListTypeBody = typeof ListTypeBody.static;
