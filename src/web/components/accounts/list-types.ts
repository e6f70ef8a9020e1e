import type { SelectOption } from "../Select";

/** The lists every account can be put on. */
export const STANDARD_LIST_TYPES: readonly SelectOption[] = [
  { value: "new", label: "New" },
  { value: "active", label: "Active" },
  { value: "legacy", label: "Legacy" },
];

/** The standard lists, plus the account's own list when it is on one added later, so the select can show it. */
export function listTypeOptions(currentListType: string): readonly SelectOption[] {
  if (STANDARD_LIST_TYPES.some((option) => option.value === currentListType)) return STANDARD_LIST_TYPES;
  return [...STANDARD_LIST_TYPES, { value: currentListType, label: currentListType }];
}
