import { eq, sql } from "drizzle-orm";
import type { Actor } from "../changes/actor.ts";
import type { CrmDatabase, CrmQueries } from "../database/open.ts";
import { accounts, lists } from "../database/schema.ts";
import { conflict, invalid, notFound } from "../errors.ts";
import type { FirstOrderWindow } from "../../contracts/lists.ts";
import { firstOrderRange } from "./first-order-window.ts";
import { returnListToActivityRules } from "../lifecycle/lifecycle-lists.ts";
import { lifecycleListRule, readCustomerLifecycle } from "../lifecycle/lifecycle-settings.ts";
import { AUTOMATIC_LIST_CHOICE, LIST_DESCRIPTION_MAX_LENGTH, LIST_NAME_MAX_LENGTH, type ListChanges, type ListDeletion, type NewListBody } from "../../contracts/lists.ts";
import { allLists, type ListRecord } from "./list-types.ts";
import { inTransaction } from "../database/transaction.ts";
import { announceChange } from "../changes/change-feed.ts";
import { putInRecycleBin, wholeRow } from "../recycle-bin/bin-entries.ts";
import { fieldChanges, type FieldChange } from "../changes/field-changes.ts";

export interface ListFigures {
  key: string;
  name: string;
  description: string | null;
  builtIn: boolean;
  /** Accounts in the list whose first order falls in the date filter (all of them without one). */
  count: number;
  totalCount: number;
  totalOrderCents: number;
  lastOrderAt: Date | null;
}


/**
 * Every list with its figures, from one pass over a covering index of (list, first order, value, last
 * order); repeated calls are free until the data changes.
 */
export function summarizeLists(db: CrmDatabase, window: FirstOrderWindow = {}): ListFigures[] {
  const { from, to } = firstOrderRange(window);
  return db.answers.remember(`lists:${from}:${to}`, () => {
    // Without a window every account counts, those with no order that counts (added by hand, or only cancelled orders) too.
    const filtered = window.from || window.to ? sql`${accounts.firstOrderAt} BETWEEN ${from} AND ${to}` : sql`true`;
    const figures = db
      .select({
        key: accounts.listType,
        count: sql<number>`count(*) FILTER (WHERE ${filtered})`,
        totalCount: sql<number>`count(*)`,
        totalOrderCents: sql<number>`coalesce(sum(${accounts.totalOrderCents}) FILTER (WHERE ${filtered}), 0)`,
        lastOrderAt: sql<number | null>`max(${accounts.lastOrderAt}) FILTER (WHERE ${filtered})`,
      })
      .from(accounts)
      .groupBy(accounts.listType)
      .all();
    const byKey = new Map(figures.map((row) => [row.key, row]));
    const lifecycle = readCustomerLifecycle(db);
    return allLists(db).map((list) => {
      const row = byKey.get(list.key);
      return {
        key: list.key,
        name: list.name,
        // A built-in list is described by its rule, whose windows are settings; a custom one by whoever made it.
        description: list.builtIn ? lifecycleListRule(list.key, lifecycle) : list.description,
        builtIn: list.builtIn,
        count: row?.count ?? 0,
        totalCount: row?.totalCount ?? 0,
        totalOrderCents: row?.totalOrderCents ?? 0,
        lastOrderAt: row?.lastOrderAt == null ? null : new Date(row.lastOrderAt),
      };
    });
  });
}

/** A custom list; its key is made from its name and never changes, so renaming it moves no account. */
export function createList(db: CrmDatabase, input: NewListBody, actor: Actor): ListRecord {
  const name = requiredName(input.name);
  const now = new Date();
  return inTransaction(db, () => {
    assertNameFree(db, name, null);
    const base = slugOf(name);
    let key = base;
    // The automatic choice shares the list selects' values with list keys, so no list may take it.
    for (let suffix = 2; key === AUTOMATIC_LIST_CHOICE || db.select({ key: lists.key }).from(lists).where(eq(lists.key, key)).get(); suffix++) key = `${base}-${suffix}`;
    const [created] = db.insert(lists).values({ key, name, description: optionalDescription(input.description), builtIn: false, createdAt: now, updatedAt: now }).returning().all();
    listChanged(db, created!, "created", fieldChanges({}, created!, LIST_FIELDS), actor);
    return created!;
  });
}

export function updateList(db: CrmDatabase, key: string, input: ListChanges, actor: Actor): ListRecord {
  return inTransaction(db, () => {
    const list = customList(db, key, "renamed");
    const changes: Partial<ListRecord> = { updatedAt: new Date() };
    if (input.name !== undefined) {
      changes.name = requiredName(input.name);
      assertNameFree(db, changes.name, key);
    }
    if (input.description !== undefined) changes.description = optionalDescription(input.description);
    const [updated] = db.update(lists).set(changes).where(eq(lists.key, list.key)).returning().all();
    const made = fieldChanges(list, updated!, LIST_FIELDS);
    if (made.length > 0) listChanged(db, updated!, "updated", made, actor);
    return updated!;
  });
}

/**
 * Deletes a custom list; its accounts go back to the activity rules, which place them in the same
 * transaction. The list goes to the recycle bin for UNDO_WINDOW_DAYS with its members, whom restoring it
 * pins there again (recycle-bin/).
 */
export function deleteList(db: CrmDatabase, key: string, actor: Actor): ListDeletion {
  return inTransaction(db, () => {
    const list = customList(db, key, "deleted");
    const at = new Date();
    const members = db.select({ id: accounts.id }).from(accounts).where(eq(accounts.listType, list.key)).all().map((account) => account.id);
    const record = { list: wholeRow(db, "lists", "key", list.key)!, members };
    const binEntryId = putInRecycleBin(db, { kind: "list", recordKey: list.key, accountId: null, label: list.name, record }, actor, at);
    const accountsMoved = returnListToActivityRules(db, list, { now: at, actor, reason: "list deleted" });
    db.delete(lists).where(eq(lists.key, list.key)).run();
    const changes = fieldChanges(list, {}, LIST_FIELDS);
    announceChange(db, { type: "record_deleted", kind: "list", binEntryId, recordKey: list.key, accountId: null, label: list.name, changes, actor, at });
    return { accountsMoved, recycleBinId: binEntryId };
  });
}

const LIST_FIELDS = ["name", "description"] as const;

function listChanged(db: CrmDatabase, list: ListRecord, action: "created" | "updated", changes: FieldChange[], actor: Actor): void {
  announceChange(db, { type: "list_changed", listKey: list.key, listName: list.name, action, changes, actor, at: new Date() });
}

function customList(tx: CrmQueries, key: string, action: string): ListRecord {
  const list = tx.select().from(lists).where(eq(lists.key, key)).get();
  if (!list) throw notFound("List not found");
  if (list.builtIn) throw conflict(`The built-in list ${list.name} cannot be ${action}`);
  return list;
}

function assertNameFree(tx: CrmQueries, name: string, exceptKey: string | null): void {
  const holder = tx.select({ key: lists.key }).from(lists).where(sql`${lists.name} = ${name} COLLATE NOCASE`).get();
  if (holder && holder.key !== exceptKey) throw conflict(`A list named ${name} already exists`);
}

function requiredName(value: string | undefined): string {
  const name = value?.trim() ?? "";
  if (!name) throw invalid("name", "name is required");
  if (name.length > LIST_NAME_MAX_LENGTH) throw invalid("name", `name must be at most ${LIST_NAME_MAX_LENGTH} characters`);
  return name;
}

function optionalDescription(value: string | null | undefined): string | null {
  const text = value?.trim() ?? "";
  if (text.length > LIST_DESCRIPTION_MAX_LENGTH) throw invalid("description", `description must be at most ${LIST_DESCRIPTION_MAX_LENGTH} characters`);
  return text || null;
}

function slugOf(name: string): string {
  return name.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "list";
}
