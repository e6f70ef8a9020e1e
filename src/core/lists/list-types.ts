import { asc, eq, sql } from "drizzle-orm";
import type { CrmQueries } from "../database/open.ts";
import { lists } from "../database/schema.ts";
import { invalid } from "../errors.ts";
import { AUTOMATIC_LIST_CHOICE } from "../../contracts/lists.ts";

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
export function requireKnownListType(db: CrmQueries, listType: string, field: "listType" | "list" | "--list" = "listType"): ListRecord {
  const list = findList(db, listType);
  if (!list) throw invalid(field, `${field} must be one of ${listKeys(db).join(", ")}`);
  return list;
}

/**
 * What staff chose in a list select: a list, or AUTOMATIC_LIST_CHOICE to follow order activity. Anything else
 * is refused naming the field as the caller names it (the API's listType, the command line's --list).
 */
export function resolveListChoice(db: CrmQueries, choice: string, field: "listType" | "--list" = "listType"): ListRecord | typeof AUTOMATIC_LIST_CHOICE {
  if (choice.trim().toLowerCase() === AUTOMATIC_LIST_CHOICE) return AUTOMATIC_LIST_CHOICE;
  const list = findList(db, choice);
  if (!list) throw invalid(field, `${field} must be ${AUTOMATIC_LIST_CHOICE} or one of ${listKeys(db).join(", ")}`);
  return list;
}

function findList(db: CrmQueries, key: string): ListRecord | undefined {
  return db.select().from(lists).where(eq(lists.key, key.trim().toLowerCase())).get();
}

function listKeys(db: CrmQueries): string[] {
  return allLists(db).map((list) => list.key);
}

export function listName(db: CrmQueries, key: string): string {
  return db.select({ name: lists.name }).from(lists).where(eq(lists.key, key)).get()?.name ?? key;
}
