import { asc, eq, sql } from "drizzle-orm";
import type { CrmQueries } from "../database/open.ts";
import { lists } from "../database/schema.ts";
import { invalid } from "../errors.ts";

/** The lists every installation has, in the order they are shown; they cannot be renamed or deleted. */
export const BUILT_IN_LIST_KEYS = ["new", "active", "legacy"] as const;
export const DEFAULT_LIST_TYPE = "new";

export type ListRecord = typeof lists.$inferSelect;

/** Every list: the built-in ones first in their fixed order, then the custom ones by name. */
export function allLists(db: CrmQueries): ListRecord[] {
  return db
    .select()
    .from(lists)
    .orderBy(sql`CASE ${lists.key} WHEN 'new' THEN 0 WHEN 'active' THEN 1 WHEN 'legacy' THEN 2 ELSE 3 END`, asc(sql`${lists.name} COLLATE NOCASE`))
    .all();
}

/** A list accounts may be put in; anything else is refused naming the field. */
export function requireKnownListType(db: CrmQueries, listType: string): ListRecord {
  const key = listType.trim().toLowerCase();
  const list = db.select().from(lists).where(eq(lists.key, key)).get();
  if (!list) throw invalid("listType", `listType must be one of ${allLists(db).map((known) => known.key).join(", ")}`);
  return list;
}

export function listName(db: CrmQueries, key: string): string {
  return db.select({ name: lists.name }).from(lists).where(eq(lists.key, key)).get()?.name ?? key;
}
