import { t } from "./type-builder.ts";
import { BulkChangeId, customerEmail, Dollars, flag, IsoTime, oneOf, pageQuery, recordIdField, refusalWithText, RequiredShortText, searchText, SHORT_TEXT_MAX_LENGTH, ShortText, SORT_DIRECTIONS } from "./common.ts";
import { REORDER_BANDS, ReorderRhythm } from "./analytics.ts";
import { Contact } from "./contacts.ts";
import { firstOrderWindowQuery, LIST_KEY_MAX_LENGTH } from "./lists.ts";
import { Order } from "./orders.ts";

/**
 * The accounts API: every customer e-mail is an account, with its order figures, its list and its owner.
 *   GET    /api/accounts                 a page of accounts, filtered and sorted (AccountListQuery → Account[], X-Total-Count)
 *   POST   /api/accounts                 add an account by hand (NewAccountBody → Account, 201)
 *   GET    /api/accounts/export.csv      every account the filters match (or `ids`), as CSV (AccountExportQuery → text/csv attachment)
 *   POST   /api/accounts/bulk            move many accounts to a list, or give them an owner (BulkAccountsBody → BulkAccountsResult)
 *   POST   /api/bulk-changes/{id}/undo   undo a bulk list or owner change within UNDO_WINDOW_DAYS (→ BulkChangeUndone)
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

/** `owner` sorts by the owner's name, accounts without one last whichever the direction. */
export const ACCOUNT_SORTS = ["name", "lastOrderDate", "orderCount", "totalOrderValue", "owner"] as const;
export type AccountSort = (typeof ACCOUNT_SORTS)[number];

export { SORT_DIRECTIONS, type SortDirection } from "./common.ts";

/** A page of the accounts table unless the caller asks for another size. */
export const DEFAULT_ACCOUNT_PAGE_SIZE = 10;

/**
 * Who the accounts table shows accounts of: `me` (the signed-in user), `none` (no owner), a team member's
 * user id, or `all` (the same as leaving it out).
 */
export const ACCOUNT_OWNER_FILTER_PATTERN = "^(me|none|all|[1-9][0-9]{0,15})$";
export const OWNER_FILTER_ERROR = "owner must be me, none, all or a team member's user id";

/**
 * The filters of the accounts table, shared by its page, its export and its bulk actions: the same names
 * in the API and in the dashboard's URL. `status` reads order activity alone, whatever list an account is
 * pinned to; the dashboard filters by `list` instead.
 */
const accountFilters = {
  status: t.Optional(oneOf("status", ACCOUNT_STATUSES, "Order activity regardless of pinned lists: active ordered within the Active list's window, dormant before it, prospect never")),
  timeframe: t.Optional(oneOf("timeframe", ACCOUNT_TIMEFRAMES, "Customers since at most this many days")),
  q: t.Optional(
    searchText(
      "q",
      "What the header search finds: name, domain, e-mail or a contact's name or e-mail contains this text; a phone (the account's or a contact's) holds these digits, however either is written; or an order number starts with it",
    ),
  ),
  list: t.Optional(t.String({ maxLength: LIST_KEY_MAX_LENGTH, description: "Only accounts in this list, by its key" })),
  owner: t.Optional(t.String({ pattern: ACCOUNT_OWNER_FILTER_PATTERN, error: OWNER_FILTER_ERROR, description: "me, none (no owner), all, or a team member's user id" })),
  showDuplicates: t.Optional(flag("showDuplicates", "Only accounts with an open potential-duplicate pair")),
  reorder: t.Optional(oneOf("reorder", REORDER_BANDS, "Only accounts in this reorder band today")),
  ...firstOrderWindowQuery,
};

const accountOrder = {
  sort: t.Optional(oneOf("sort", ACCOUNT_SORTS)),
  dir: t.Optional(oneOf("dir", SORT_DIRECTIONS)),
};

/** The accounts table's filters on their own, as a bulk action's selection carries them. */
export const AccountFilterQuery = t.Object(accountFilters, { description: "The accounts table's filters" });
export type AccountFilterQuery = typeof AccountFilterQuery.static;

/** GET /api/accounts: every filter is optional and they combine. */
export const AccountListQuery = t.Object({ ...accountFilters, ...accountOrder, ...pageQuery() });
export type AccountListQuery = typeof AccountListQuery.static;

/** The accounts table offers these page sizes; the choice is remembered per user. */
export const ACCOUNT_PAGE_SIZES = [10, 25, 50, 100] as const;

/** At most this many accounts named one by one (ids) in an export or a bulk action: more is "all matching". */
export const MAX_SELECTED_ACCOUNTS = 1000;
/** What a selection of too many ids (or none) is answered, by the body's check and core's alike. */
export const TOO_MANY_SELECTED_ACCOUNTS = `ids must list 1 to ${MAX_SELECTED_ACCOUNTS} account ids; for more, choose all matching accounts`;

/**
 * GET /api/accounts/export.csv: every account the same filters match (not one page), in the same order, as
 * CSV streamed for Excel (UTF-8 with BOM; a cell beginning with =, +, -, @, tab or carriage return gets a
 * leading '). Columns: ACCOUNT_EXPORT_COLUMNS. `ids` (comma-separated) exports just those accounts instead.
 */
export const ACCOUNT_EXPORT_PATH = "/api/accounts/export.csv";
export const AccountExportQuery = t.Object({
  ...accountFilters,
  ...accountOrder,
  ids: t.Optional(t.String({ pattern: "^\\d+(,\\d+)*$", error: "ids must be account ids separated by commas", description: "Only these accounts" })),
});
export type AccountExportQuery = typeof AccountExportQuery.static;

export const ACCOUNT_EXPORT_COLUMNS = [
  "Name",
  "Email",
  "Domain",
  "Phone",
  "List",
  "Owner",
  "Customer Since",
  "First Order",
  "Last Order",
  "Order Count",
  "Total Order Value",
  "Primary Contact",
] as const;

/**
 * Which accounts a bulk action covers: the ones ticked (`ids`), or every account the filters match, all
 * pages (`allMatching`); exactly one of the two. Not a union: Elysia, failing a body on one member of a
 * union, fills it in as another, and too many ids would have become "all matching", every account.
 */
export const AccountSelection = t.Object({
  ids: t.Optional(
    t.Array(recordIdField("ids"), {
      minItems: 1,
      maxItems: MAX_SELECTED_ACCOUNTS,
      error: TOO_MANY_SELECTED_ACCOUNTS,
      description: "The accounts ticked",
    }),
  ),
  allMatching: t.Optional(AccountFilterQuery),
});
export type AccountSelection = typeof AccountSelection.static;

/**
 * POST /api/accounts/bulk: one action on many accounts, in one transaction, each account's timeline
 * saying so. setList moves them to a list (pinned; "automatic" hands them back to the activity rules);
 * setOwner gives them an owner (an active team member) or none.
 */
export const ACCOUNT_BULK_PATH = "/api/accounts/bulk";
export const BulkAccountAction = t.Union([
  t.Object({ kind: t.Literal("setList"), listType: t.String({ maxLength: LIST_KEY_MAX_LENGTH }) }),
  t.Object({ kind: t.Literal("setOwner"), ownerUserId: t.Union([recordIdField("ownerUserId"), t.Null()]) }),
]);
export type BulkAccountAction = typeof BulkAccountAction.static;

export const BulkAccountsBody = t.Object({ selection: AccountSelection, action: BulkAccountAction });
export type BulkAccountsBody = typeof BulkAccountsBody.static;

export const BulkAccountsResult = t.Object({
  matched: t.Integer({ description: "Accounts the selection covered" }),
  updated: t.Integer({ description: "Of those, the ones the action changed" }),
  message: t.String({ description: "What to tell staff, e.g. '25 accounts moved to Key Accounts'" }),
  bulkChangeId: BulkChangeId,
});
export type BulkAccountsResult = typeof BulkAccountsResult.static;

export const BULK_CHANGES_PATH = "/api/bulk-changes";

/**
 * DELETE /api/admin/clear-all-data (administrators): deletes every account with its contacts, orders and
 * notes, and the import history, once a backup is kept. `confirm` must be the company name as the
 * dashboard shows it (case and surrounding spaces aside); anything else answers 400 naming it.
 */
export const CLEAR_ALL_DATA_PATH = "/api/admin/clear-all-data";
export const ClearAllDataBody = t.Object({
  confirm: t.Optional(t.String({ maxLength: SHORT_TEXT_MAX_LENGTH, description: "The company name, typed by the administrator" })),
});
export type ClearAllDataBody = typeof ClearAllDataBody.static;

/** What undoing a bulk change did. */
export const BulkChangeUndone = t.Object({
  restored: t.Integer({ description: "Accounts given their previous list (or owner) back" }),
  skipped: t.Integer({ description: "Accounts changed since, or whose previous list is gone: left as they are" }),
  message: t.String({ description: "What to tell staff" }),
});
export type BulkChangeUndone = typeof BulkChangeUndone.static;

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
    lastEmailedAt: t.Union([IsoTime, t.Null()], { description: "The newest message of its e-mail threads (its Emails tab's), whatever its mailbox's visibility; null when it has none" }),
  }),
]);
export type AccountDetail = typeof AccountDetail.static;

/** An account's web domain as stored: lower-case labels of letters, digits and inner hyphens, and a top-level name of 2+ letters. */
export const ACCOUNT_DOMAIN_PATTERN = "(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\\.)+[a-z]{2,}";

/** A domain as staff may type it: any case, its website's address around it (https://www. and a path); blank stores none. */
const TYPED_DOMAIN_PATTERN = `^\\s*(?:(?:[Hh][Tt][Tt][Pp][Ss]?://)?(?:[Ww][Ww][Ww]\\.)?${ACCOUNT_DOMAIN_PATTERN.replaceAll("a-z", "A-Za-z")}(?:/.*)?)?\\s*$`;

const accountFields = {
  name: t.Optional(RequiredShortText),
  email: t.Optional(
    t.Union([customerEmail("email"), t.String({ pattern: "^\\s*$", maxLength: SHORT_TEXT_MAX_LENGTH }), t.Null()], {
      error: refusalWithText("email", "is not a valid e-mail address"),
      description: "Blank or null stores none",
    }),
  ),
  domain: t.Optional(
    t.Union([t.String({ maxLength: SHORT_TEXT_MAX_LENGTH, pattern: TYPED_DOMAIN_PATTERN }), t.Null()], {
      error: refusalWithText("domain", "is not a valid domain name"),
      description: "Blank or null stores none",
    }),
  ),
  phone: t.Optional(t.Union([ShortText, t.Null()])),
};

/** POST /api/accounts: a name is required; the domain comes from the e-mail unless given (and unless the e-mail is free mail). */
export const NewAccountBody = t.Object({ ...accountFields, name: RequiredShortText });

/** PATCH /api/accounts/{id}: only the fields given change; null clears an optional one. */
export const AccountChanges = t.Object({
  ...accountFields,
  ownerUserId: t.Optional(t.Union([recordIdField("ownerUserId"), t.Null()], { description: "An active team member, or null for none" })),
});
export type AccountChanges = typeof AccountChanges.static;

/** A list's key, or "automatic" to let the activity rules place the account again. */
export const ListTypeBody = t.Object({ listType: t.String({ maxLength: LIST_KEY_MAX_LENGTH }) });
export type ListTypeBody = typeof ListTypeBody.static;
