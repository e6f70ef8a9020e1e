import { invalid } from "../errors.ts";

/** The lists every installation has; an account without a list counts as New. */
export const BUILT_IN_LISTS = [
  { key: "new", name: "New" },
  { key: "active", name: "Active" },
  { key: "legacy", name: "Legacy" },
] as const;

export const DEFAULT_LIST_TYPE = "new";

/** A list key accounts may be put in; anything else is refused naming the field. */
export function requireKnownListType(listType: string): string {
  const key = listType.trim().toLowerCase();
  if (!BUILT_IN_LISTS.some((list) => list.key === key)) {
    throw invalid("listType", `listType must be one of ${BUILT_IN_LISTS.map((list) => list.key).join(", ")}`);
  }
  return key;
}

export function listName(key: string): string {
  return BUILT_IN_LISTS.find((list) => list.key === key)?.name ?? key;
}
