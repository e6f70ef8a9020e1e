import type { ListDefinition } from "../api/lists";

/** Each built-in list keeps its colour on the cards and tabs; custom lists share one. */
const BUILT_IN_ACCENTS: Readonly<Record<string, string>> = { new: "bg-blue-500", active: "bg-emerald-500", legacy: "bg-amber-500" };

/** The background class of the list's colour dot. */
export function listAccentClass(list: ListDefinition): string {
  return BUILT_IN_ACCENTS[list.key] ?? "bg-violet-500";
}
