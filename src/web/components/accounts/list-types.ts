import type { ListDefinition } from "../../api/lists";
import { AUTOMATIC_LIST_CHOICE, BUILT_IN_LIST_KEYS } from "../../../core/lists/list-keys.ts";
import type { SelectOption } from "../Select";

/** The choice that hands an account back to the activity rules, as every list select offers it. */
export const AUTOMATIC_LIST_LABEL = "Automatic (by activity)";

/** The built-in lists, offered while the lists load. */
export const STANDARD_LISTS: readonly ListDefinition[] = [
  { key: "new", name: "New", description: null, builtIn: true },
  { key: "active", name: "Active", description: null, builtIn: true },
  { key: "legacy", name: "Legacy", description: null, builtIn: true },
];

/** Built-in lists first in their fixed order, then custom lists by name, whatever order they came in. */
export function orderedLists<T extends ListDefinition>(lists: readonly T[]): T[] {
  return [...lists].sort((a, b) => listRank(a) - listRank(b) || a.name.localeCompare(b.name, "en", { sensitivity: "base" }));
}

/** Where an account's list comes from: its key, and whether staff pinned it there or the activity rules placed it. */
export interface ListPlacement {
  listType: string;
  listPinned: boolean;
}

/**
 * What a list select shows for an account and offers: 'Automatic (by activity)' first, then every list
 * (built-in first; the standard ones while the lists load; the account's own list even when it is not
 * among them, such as one deleted meanwhile). An account the rules place shows its list on the automatic
 * choice, 'Active (auto)'; a pinned one shows its list marked 'Legacy (pinned)'.
 */
export function listChoice(placement: ListPlacement, lists: readonly ListDefinition[] | undefined): { value: string; options: SelectOption[] } {
  const known = orderedLists(lists ?? STANDARD_LISTS);
  const all = known.some((list) => list.key === placement.listType) ? known : [...known, { key: placement.listType, name: placement.listType, description: null, builtIn: false }];
  const nameOf = (key: string) => all.find((list) => list.key === key)!.name;
  const automatic = { value: AUTOMATIC_LIST_CHOICE, label: placement.listPinned ? AUTOMATIC_LIST_LABEL : `${nameOf(placement.listType)} (auto)` };
  const pinnedChoices = all.map((list) => ({
    value: list.key,
    label: placement.listPinned && list.key === placement.listType ? `${list.name} (pinned)` : list.name,
  }));
  return { value: placement.listPinned ? placement.listType : AUTOMATIC_LIST_CHOICE, options: [automatic, ...pinnedChoices] };
}

/** The placement a choice makes: a list pins the account there; the automatic choice keeps its list until the server says where the rules put it. */
export function placementAfter(choice: string, current: ListPlacement): ListPlacement {
  return choice === AUTOMATIC_LIST_CHOICE ? { listType: current.listType, listPinned: false } : { listType: choice, listPinned: true };
}

function listRank(list: ListDefinition): number {
  const index = (BUILT_IN_LIST_KEYS as readonly string[]).indexOf(list.key);
  return index === -1 ? BUILT_IN_LIST_KEYS.length : index;
}
