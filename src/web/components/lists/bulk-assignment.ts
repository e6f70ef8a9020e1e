import type { BulkAssignOutcome, ListDefinition } from "../../api/lists";
import { formatCount, formatCountOf } from "../../format/count";
import { AUTOMATIC_LIST_CHOICE, MAX_BULK_EMAILS } from "../../../contracts/lists.ts";
import { AUTOMATIC_LIST_LABEL, orderedLists, STANDARD_LISTS } from "../../ui/list-types";
import type { SelectOption } from "../../ui/Select";

/** The server refuses more e-mails than this in one call; the dialog says so before sending them. */
export { MAX_BULK_EMAILS };

/** The list the dialog offers first. */
export const DEFAULT_BULK_TARGET = "active";

/** The built-in lists' names in the target select. */
const BUILT_IN_TARGET_LABELS: Readonly<Record<string, string>> = {
  new: "New Customers",
  active: "Active Customers",
  legacy: "Legacy Customers",
};

/** '3 email(s) detected' */
export function detectedEmailsText(count: number): string {
  return `${formatCount(count)} email(s) detected`;
}

/** 'New Customers', 'Active Customers', 'Legacy Customers', the custom lists by name, then 'Automatic (by activity)'. */
export function bulkTargetOptions(lists: readonly ListDefinition[] | undefined): SelectOption[] {
  const targets = orderedLists(lists ?? STANDARD_LISTS).map((list) => ({ value: list.key, label: BUILT_IN_TARGET_LABELS[list.key] ?? list.name }));
  return [...targets, { value: AUTOMATIC_LIST_CHOICE, label: AUTOMATIC_LIST_LABEL }];
}

/**
 * The button: 'Assign to Active List' (a list already named '… List' is not called '… List List'; the
 * key stands for the name while the lists load), or 'Return to Automatic (by activity)'.
 */
export function assignButtonLabel(lists: readonly ListDefinition[] | undefined, key: string): string {
  if (key === AUTOMATIC_LIST_CHOICE) return `Return to ${AUTOMATIC_LIST_LABEL}`;
  const listName = listNameOf(lists, key);
  return /\blist$/i.test(listName) ? `Assign to ${listName}` : `Assign to ${listName} List`;
}

/** What the result view says was done. */
export function assignedDescription(lists: readonly ListDefinition[] | undefined, key: string): string {
  return key === AUTOMATIC_LIST_CHOICE ? "Accounts handed back to the activity rules." : `Accounts assigned to ${listNameOf(lists, key)}.`;
}

function listNameOf(lists: readonly ListDefinition[] | undefined, key: string): string {
  return ((lists ?? STANDARD_LISTS).find((list) => list.key === key)?.name ?? key).trim();
}

/** How much of the bar the matched e-mails fill, in whole percent. */
export function matchedPercent(emailsMatched: number, totalEmails: number): number {
  if (totalEmails <= 0) return 0;
  return Math.min(100, Math.round((emailsMatched / totalEmails) * 100));
}

/**
 * '4 of 5 emails matched 3 accounts': e-mails and accounts counted apart, since one account may answer to
 * several addresses (its own, a contact's, a merged account's).
 */
export function matchSummaryText({ emailsMatched, totalEmails, accountsFound }: Pick<BulkAssignOutcome["results"], "emailsMatched" | "totalEmails" | "accountsFound">): string {
  return `${formatCount(emailsMatched)} of ${formatCount(totalEmails)} emails matched ${formatCountOf(accountsFound, "account")}`;
}
