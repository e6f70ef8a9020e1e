import { AUTOMATIC_LIST_CHOICE, BUILT_IN_LIST_KEYS, type BuiltInListKey, type ListDefinition } from "../api/lists";
import type { SelectOption } from "./Select";

/** The choice that hands an account back to the activity rules, as every list select offers it. */
export const AUTOMATIC_LIST_LABEL = "Automatic (by activity)";

/** The built-in lists' names, which cannot change. */
const STANDARD_LIST_NAMES: Readonly<Record<BuiltInListKey, string>> = { new: "New", active: "Active", legacy: "Legacy" };

/** The built-in lists, offered while the lists load. */
export const STANDARD_LISTS: readonly ListDefinition[] = BUILT_IN_LIST_KEYS.map((key) => ({ key, name: STANDARD_LIST_NAMES[key], description: null, builtIn: true }));

/** Built-in lists first in their fixed order, then custom lists by name, whatever order they came in. */
export function orderedLists<T extends ListDefinition>(lists: readonly T[]): T[] {
  return [...lists].sort((a, b) => listRank(a) - listRank(b) || a.name.localeCompare(b.name, "en", { sensitivity: "base" }));
}

/** Where an account's list comes from: its key, and whether staff pinned it there or the activity rules placed it. */
export interface ListPlacement {
  listType: string;
  listPinned: boolean;
}

/** The headings the list selects offer their choices under. */
export const LIST_CHOICE_GROUPS = { automatic: "By order activity", pinned: "Pin to a list" } as const;

/**
 * What a list select shows for an account and offers: the automatic choice under 'By order activity',
 * then every list under 'Pin to a list' (built-in first; the standard ones while the lists load; the
 * account's own list even when it is not among them, such as one deleted meanwhile). An account the
 * rules place shows its list's name on the automatic choice; a pinned one shows the pinned list, and the
 * automatic choice reads 'Automatic (by activity)'.
 */
export function listChoice(placement: ListPlacement, lists: readonly ListDefinition[] | undefined): { value: string; options: SelectOption[] } {
  const known = orderedLists(lists ?? STANDARD_LISTS);
  const all = known.some((list) => list.key === placement.listType) ? known : [...known, { key: placement.listType, name: placement.listType, description: null, builtIn: false }];
  const automatic = {
    value: AUTOMATIC_LIST_CHOICE,
    label: placement.listPinned ? AUTOMATIC_LIST_LABEL : all.find((list) => list.key === placement.listType)!.name,
    group: LIST_CHOICE_GROUPS.automatic,
  };
  const pinned = all.map((list) => ({ value: list.key, label: list.name, group: LIST_CHOICE_GROUPS.pinned }));
  return { value: placement.listPinned ? placement.listType : AUTOMATIC_LIST_CHOICE, options: [automatic, ...pinned] };
}

/** What hovering a list select says. */
export function listChoiceTitle(placement: ListPlacement, listName: string): string {
  return placement.listPinned ? `${listName}: pinned by staff, whatever the account's orders` : `${listName}: by order activity`;
}

/** The placement a choice makes: a list pins the account there; the automatic choice keeps its list until the server says where the rules put it. */
export function placementAfter(choice: string, current: ListPlacement): ListPlacement {
  return choice === AUTOMATIC_LIST_CHOICE ? { listType: current.listType, listPinned: false } : { listType: choice, listPinned: true };
}

function listRank(list: ListDefinition): number {
  const index = (BUILT_IN_LIST_KEYS as readonly string[]).indexOf(list.key);
  return index === -1 ? BUILT_IN_LIST_KEYS.length : index;
}
