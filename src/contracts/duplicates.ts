import { t } from "./type-builder.ts";
import { Account } from "./accounts.ts";
import { recordId } from "./common.ts";

/**
 * The duplicates API: accounts that may be the same customer, as detection pairs them, and merging them.
 *   GET  /api/duplicates/summary                          how many accounts have an open pair (→ DuplicateSummary)
 *   GET  /api/accounts/{id}/duplicates                    the account's open candidates, best first (→ DuplicateCandidate[])
 *   POST /api/accounts/{id}/duplicates/{otherId}/dismiss  'Not a duplicate': never flagged again (DismissParams → 204)
 *   POST /api/accounts/merge                              merge accounts into one, or preview it with dryRun (MergeBody → MergeOutcome)
 *   POST /api/merges/{id}/undo                            undo a merge within UNDO_WINDOW_DAYS (→ MergeUndone)
 */

/** Reads under this path count the accounts that may be duplicates; account changes refresh them. */
export const DUPLICATES_PATH = "/api/duplicates";

export const MERGE_ACCOUNTS_PATH = "/api/accounts/merge";

/**
 * What a merge chooses an account for, in the order the dialog asks: each field's value, the list (with
 * its pinning) and the owner.
 */
export const MERGE_FIELDS = ["name", "email", "domain", "phone", "list", "owner"] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

/** More accounts than this in one merge is a mistake rather than a customer typed many ways. */
export const MAX_MERGE_SOURCES = 50;

/** An account in the path, refused with a message naming the parameter. */
/** An account in a body: a number, as JSON writes it (recordId also reads one written as text, for paths). */
const AccountId = t.Integer({ minimum: 1 });

export const DuplicateSummary = t.Object({ count: t.Integer({ description: "Accounts with at least one open potential-duplicate pair" }) });
export type DuplicateSummary = typeof DuplicateSummary.static;

/**
 * What a merge needs to know of an account: the values, list and owner it may keep, and its orders, which
 * tell accounts apart and make the busiest one's list and owner the default.
 */
export const MERGEABLE_ACCOUNT_FIELDS = ["id", "name", "email", "domain", "phone", "orderCount", "listType", "listPinned", "ownerUserId"] as const;
export const MergeableAccount = t.Pick(Account, MERGEABLE_ACCOUNT_FIELDS);
export type MergeableAccount = typeof MergeableAccount.static;

/** An account that may be the same customer as another one, with how sure detection is and why. */
export const DuplicateCandidate = t.Object({
  account: MergeableAccount,
  score: t.Integer({ minimum: 0, maximum: 100 }),
  reasons: t.Array(t.String(), { description: "Such as 'Same domain riverside.org'" }),
});
export type DuplicateCandidate = typeof DuplicateCandidate.static;

export const DuplicateCandidateList = t.Array(DuplicateCandidate);

/** The two accounts of a pair, either way round. */
export const DismissParams = t.Object({ id: recordId("id"), otherId: recordId("otherId") });
export type DismissParams = typeof DismissParams.static;

/** Which account (the target or a source) each value, the list and the owner come from. */
export const MergeFieldChoices = t.Object(Object.fromEntries(MERGE_FIELDS.map((field) => [field, AccountId])) as Record<MergeField, typeof AccountId>);
export type MergeFieldChoices = typeof MergeFieldChoices.static;

/**
 * POST /api/accounts/merge. A field, the list or the owner nobody chose comes from the target when it has
 * one, else from the first source that has; the list and the owner by default from the account with the
 * most orders (the target on a tie): the customer's main account.
 */
export const MergeBody = t.Object({
  targetId: AccountId,
  sourceIds: t.Array(AccountId, { maxItems: MAX_MERGE_SOURCES, description: "The accounts that go into the target and are deleted" }),
  fields: t.Optional(t.Partial(MergeFieldChoices)),
  dryRun: t.Optional(t.Boolean({ description: "Work everything out and change nothing" })),
});
export type MergeBody = typeof MergeBody.static;

/** How many of each the removed accounts hand over to the surviving one. */
export const MergeMoves = t.Object({ contacts: t.Integer(), orders: t.Integer(), notes: t.Integer(), tasks: t.Integer(), activities: t.Integer() });
export type MergeMoves = typeof MergeMoves.static;

/** The surviving account as it is (or would be) after the merge. */
export const MergedAccount = t.Composite([MergeableAccount, t.Pick(Account, ["totalOrderValue"])]);
export type MergedAccount = typeof MergedAccount.static;

/** What a merge did, or with dryRun would do. */
export const MergeOutcome = t.Object({
  dryRun: t.Boolean(),
  account: t.Union([Account, MergedAccount], { description: "A merge: the surviving account as it now is; a dry run: the fields the merge decides" }),
  owner: t.Union([t.Object({ id: t.Integer(), name: t.String() }), t.Null()], { description: "Who looks after the surviving account: named, deactivated team members too" }),
  moves: MergeMoves,
  contactsCombined: t.Integer({ description: "Contacts that go because another of the merged contacts has the same e-mail: combined into it" }),
  aliases: t.Array(t.String(), { description: "E-mails that keep leading to the surviving account: the removed accounts', and its own if it takes another" }),
  mergeId: t.Union([t.Integer(), t.Null()], { description: "The merge, for POST /api/merges/{mergeId}/undo; null for a dry run" }),
});
export type MergeOutcome = typeof MergeOutcome.static;

export const MERGES_PATH = "/api/merges";

/** What undoing a merge put back. */
export const MergeUndone = t.Object({
  targetId: t.Integer(),
  restoredAccountIds: t.Array(t.Integer(), { description: "The merged accounts, back with their own ids" }),
  message: t.String({ description: "What to tell staff, e.g. 'Riverside Billing is back, with 3 orders'" }),
});
export type MergeUndone = typeof MergeUndone.static;
