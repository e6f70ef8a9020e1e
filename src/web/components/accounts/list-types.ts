import type { ListDefinition } from "../../api/lists";
import type { SelectOption } from "../Select";

/** The built-in lists in the order every screen shows them; custom lists follow, by name. */
const BUILT_IN_LIST_KEYS: readonly string[] = ["new", "active", "legacy"];

/** The built-in lists, offered while the lists load. */
export const STANDARD_LIST_TYPES: readonly SelectOption[] = [
  { value: "new", label: "New" },
  { value: "active", label: "Active" },
  { value: "legacy", label: "Legacy" },
];

/** Built-in lists first in their fixed order, then custom lists by name, whatever order they came in. */
export function orderedLists<T extends ListDefinition>(lists: readonly T[]): T[] {
  return [...lists].sort((a, b) => listRank(a) - listRank(b) || a.name.localeCompare(b.name, "en", { sensitivity: "base" }));
}

/**
 * What a list select offers: every list, built-in ones first (the standard ones while the lists load),
 * plus the account's own list when it is not among them, such as a list deleted meanwhile, so the
 * select can still show it.
 */
export function listTypeOptions(currentListType: string, lists: readonly ListDefinition[] | undefined): readonly SelectOption[] {
  const options = lists ? orderedLists(lists).map((list) => ({ value: list.key, label: list.name })) : STANDARD_LIST_TYPES;
  if (options.some((option) => option.value === currentListType)) return options;
  return [...options, { value: currentListType, label: currentListType }];
}

function listRank(list: ListDefinition): number {
  const index = BUILT_IN_LIST_KEYS.indexOf(list.key);
  return index === -1 ? BUILT_IN_LIST_KEYS.length : index;
}
