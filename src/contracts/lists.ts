import { t } from "./type-builder.ts";
import { BulkChangeId, calendarDate, Dollars, IsoTime, requiredText } from "./common.ts";
import { formatCount } from "./counts.ts";

/**
 * The lists API: the lists accounts are sorted into, with their figures, and putting accounts in one in bulk.
 *   GET    /api/lists                       every list, built-in ones first, with its figures (ListSummaryQuery → ListSummary[])
 *   POST   /api/lists                       add a custom list (NewListBody → ListDefinition, 201)
 *   PATCH  /api/lists/{key}                 rename or describe a custom list (ListKeyParams, ListChanges → ListDefinition)
 *   DELETE /api/lists/{key}                 delete a custom list; its accounts go back to the activity rules (→ ListDeletion)
 *   POST   /api/accounts/bulk-assign-list   pin the accounts matching e-mails to a list, or hand them back (BulkAssignBody → BulkAssignResult)
 */

export const LISTS_PATH = "/api/lists";
export const BULK_ASSIGN_LIST_PATH = "/api/accounts/bulk-assign-list";

/** The keys of the lists every installation has, in the order every screen shows them. */
export const BUILT_IN_LIST_KEYS = ["new", "active", "legacy"] as const;
export type BuiltInListKey = (typeof BUILT_IN_LIST_KEYS)[number];

/**
 * What staff choose, in any list select, to hand an account back to the activity rules. Never a list's
 * key: custom lists' keys are made so as to avoid it.
 */
export const AUTOMATIC_LIST_CHOICE = "automatic";

/** Counted after trimming: surrounding spaces are not kept. */
export const LIST_NAME_MAX_LENGTH = 80;
export const LIST_DESCRIPTION_MAX_LENGTH = 500;

/** The longest list key a request may name; keys are made from list names, which are shorter still. */
export const LIST_KEY_MAX_LENGTH = 100;

/** The most e-mails one bulk assignment takes; the command line has no such limit. */
export const MAX_BULK_EMAILS = 50_000;

/** Room for MAX_BULK_EMAILS long addresses: the one JSON body allowed past the usual 1 MB. */
export const BULK_ASSIGN_BODY_MAX_BYTES = 4 * 1024 * 1024;

/** A list accounts can be put in. */
export const ListDefinition = t.Object({
  key: t.String({ description: "What accounts store as their listType; made from the list's first name, it never changes" }),
  name: t.String(),
  description: t.Union([t.String(), t.Null()]),
  builtIn: t.Boolean({ description: "New, Active and Legacy: they cannot be renamed or deleted" }),
});
export type ListDefinition = typeof ListDefinition.static;

/**
 * A list with the figures of its accounts: count and the order figures are over those whose first order
 * falls in the asked window (all of them without one), totalCount over all of them.
 */
export const ListSummary = t.Composite([
  ListDefinition,
  t.Object({
    count: t.Integer(),
    totalCount: t.Integer(),
    totalOrderValue: Dollars,
    lastOrderDate: t.Union([IsoTime, t.Null()]),
  }),
]);
export type ListSummary = typeof ListSummary.static;

export const ListSummaries = t.Array(ListSummary);

/** The lists screen's first-order filter, which its tabs also send to GET /api/accounts: New York calendar dates, both inclusive, either one optional. */
export const firstOrderWindowQuery = {
  from: t.Optional(calendarDate("from", "First order on or after this New York date")),
  to: t.Optional(calendarDate("to", "First order on or before this New York date")),
};

/** GET /api/lists */
export const ListSummaryQuery = t.Object(firstOrderWindowQuery);
export type FirstOrderWindow = typeof ListSummaryQuery.static;

/** The list a path names by its key; an unknown key answers 404. */
export const ListKeyParams = t.Object({ key: t.String({ description: "The list's key" }) });

const listDescription = t.Union([t.String({ maxLength: LIST_DESCRIPTION_MAX_LENGTH }), t.Null()], {
  error: `description must be text of at most ${LIST_DESCRIPTION_MAX_LENGTH} characters, or null`,
  description: "Blank or null stores none",
});

/** POST /api/lists: the key is made from the name, which must not be blank nor another list's. */
export const NewListBody = t.Object({ name: requiredText(LIST_NAME_MAX_LENGTH), description: t.Optional(listDescription) });
export type NewListBody = typeof NewListBody.static;

/** PATCH /api/lists/{key}: only the fields given change; the key stays, so no account moves. */
export const ListChanges = t.Object({ name: t.Optional(requiredText(LIST_NAME_MAX_LENGTH)), description: t.Optional(listDescription) });
export type ListChanges = typeof ListChanges.static;

/** What DELETE /api/lists/{key} answers. */
export const ListDeletion = t.Object({
  accountsMoved: t.Integer({ description: "Accounts the activity rules placed elsewhere" }),
  recycleBinId: t.Integer({ description: "The list's entry in the recycle bin: restoring it pins its accounts there again" }),
});
export type ListDeletion = typeof ListDeletion.static;

/**
 * POST /api/accounts/bulk-assign-list. The MAX_BULK_EMAILS limit is checked after the schema so that its
 * message names it; maxItems only stops absurd bodies.
 */
export const BulkAssignBody = t.Object({
  emails: t.Array(t.String({ maxLength: 1000 }), { maxItems: 1_000_000, description: `At most ${formatCount(MAX_BULK_EMAILS)}; an account matches by its own e-mail or a contact's` }),
  listType: t.String({ maxLength: LIST_KEY_MAX_LENGTH, description: `A list's key, or "${AUTOMATIC_LIST_CHOICE}" to hand the accounts back to the activity rules` }),
});
export type BulkAssignBody = typeof BulkAssignBody.static;

export const BulkAssignResult = t.Object({
  message: t.String({ description: "'Moved 3 of 4 matched accounts to Active'" }),
  results: t.Object({
    totalEmails: t.Integer({ description: "Distinct valid e-mails sent" }),
    emailsMatched: t.Integer({ description: "E-mails that found an account: its own, a merged account's or a contact's" }),
    accountsFound: t.Integer({ description: "Distinct accounts those e-mails found: two e-mails of one account count once" }),
    accountsUpdated: t.Integer({ description: "Accounts whose list or pin actually changed" }),
    notFoundEmails: t.Array(t.String()),
  }),
  bulkChangeId: BulkChangeId,
});
export type BulkAssignResult = typeof BulkAssignResult.static;
