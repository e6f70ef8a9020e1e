import type { ListDefinition } from "../../api/lists";
import { formatCount } from "../../format/count";
import { orderedLists } from "../accounts/list-types";
import type { SelectOption } from "../Select";

/** The server refuses more e-mails than this in one call; the dialog says so before sending them. */
export const MAX_BULK_EMAILS = 50_000;

/** The list the dialog offers first. */
export const DEFAULT_BULK_TARGET = "active";

/** The built-in lists' names in the target select. */
const BUILT_IN_TARGET_LABELS: Readonly<Record<string, string>> = {
  new: "New Customers",
  active: "Active Customers",
  legacy: "Legacy Customers",
};

/** The built-in lists, offered while the lists load. */
const BUILT_IN_LISTS: readonly ListDefinition[] = [
  { key: "new", name: "New", description: null, builtIn: true },
  { key: "active", name: "Active", description: null, builtIn: true },
  { key: "legacy", name: "Legacy", description: null, builtIn: true },
];

/** '3 email(s) detected' */
export function detectedEmailsText(count: number): string {
  return `${formatCount(count)} email(s) detected`;
}

/** 'New Customers', 'Active Customers', 'Legacy Customers', then the custom lists by name. */
export function bulkTargetOptions(lists: readonly ListDefinition[] | undefined): SelectOption[] {
  return orderedLists(lists ?? BUILT_IN_LISTS).map((list) => ({ value: list.key, label: BUILT_IN_TARGET_LABELS[list.key] ?? list.name }));
}

/** The list's short name, 'Active', for the button; the key while the lists load. */
export function targetListName(lists: readonly ListDefinition[] | undefined, key: string): string {
  return (lists ?? BUILT_IN_LISTS).find((list) => list.key === key)?.name ?? key;
}

/** 'Assign to Active List'; a list already named '… List' is not called '… List List'. */
export function assignButtonLabel(listName: string): string {
  return /\blist$/i.test(listName.trim()) ? `Assign to ${listName.trim()}` : `Assign to ${listName.trim()} List`;
}

/** How much of the bar the matched accounts fill, in whole percent. */
export function matchedPercent(accountsFound: number, totalEmails: number): number {
  if (totalEmails <= 0) return 0;
  return Math.min(100, Math.round((accountsFound / totalEmails) * 100));
}

/** '3 of 4 emails matched existing accounts' */
export function matchSummaryText(accountsFound: number, totalEmails: number): string {
  return `${formatCount(accountsFound)} of ${formatCount(totalEmails)} emails matched existing accounts`;
}
