import { and, asc, count, eq, inArray, ne, or, sql, sum } from "drizzle-orm";
import { MAX_MERGE_SOURCES, type MergeableAccount, type MergeBody, type MergeField } from "../../contracts/duplicates.ts";
import { recomputeAccountStats } from "../accounts/account-stats.ts";
import type { Actor } from "../changes/actor.ts";
import { announceChange } from "../changes/change-feed.ts";
import type { CrmDatabase } from "../database/open.ts";
import { accounts, activities, contacts, duplicatePairs, notes, orders, tasks, users } from "../database/schema.ts";
import { invalid, notFound } from "../errors.ts";
import { COUNTED_ORDER } from "../orders/order-status.ts";
import { addAliases } from "../account-basics/aliases.ts";
import { MERGEABLE_COLUMNS } from "./duplicate-candidates.ts";
import { inTransaction } from "../database/transaction.ts";
import { recordMerge, snapshotBeforeMerge } from "./merge-undo.ts";

/** The account values a merge chooses between; the list and the owner are chosen with their own rules. */
export type MergedField = Exclude<MergeField, "list" | "owner">;

export interface MergeOutcome {
  targetId: number;
  /** The target's fields after the merge. */
  fields: { name: string; email: string | null; domain: string | null; phone: string | null };
  /**
   * The chosen account's list: pinned there, or (listPinned false) following order activity, when the
   * recount places the target by all the orders, whatever listType says.
   */
  list: { listType: string; listPinned: boolean };
  /** Who looks after the target after the merge. */
  owner: { id: number; name: string } | null;
  /** The target's order statistics after the merge. */
  orderCount: number;
  totalOrderCents: number;
  /** What moves from the sources to the target. */
  moves: { contacts: number; orders: number; notes: number; tasks: number; activities: number };
  /** Contacts removed because another of the merged contacts has the same e-mail: they are combined into it. */
  contactsCombined: number;
  /** E-mails that will lead to the target as aliases: the sources', and the target's own if it takes another. */
  aliases: string[];
  /** The merge, which can be undone for UNDO_WINDOW_DAYS (merge-undo.ts); null for a dry run. */
  mergeId: number | null;
}

/**
 * Makes several accounts of one customer one, in one transaction: the sources' contacts, orders, notes,
 * tasks and timeline move to the target, contacts with the same e-mail become one, each field takes the
 * chosen account's value (else the target's, else the first source's that has one), the list and owner
 * those of the account chosen for them, the statistics are recounted from the orders, the timeline says
 * what was merged, the sources' e-mails become aliases of the target, and the sources are deleted with
 * their duplicate pairs before the target's pairs are detected afresh. What undoing it needs is kept in the
 * same transaction (merge-undo.ts). A dry run only reports that.
 */
export function mergeAccounts(db: CrmDatabase, request: MergeBody, actor: Actor): MergeOutcome {
  const sourceIds = [...new Set(request.sourceIds)];
  if (sourceIds.length === 0) throw invalid("sourceIds", "sourceIds must name at least one account to merge");
  if (sourceIds.length > MAX_MERGE_SOURCES) throw invalid("sourceIds", `sourceIds may name at most ${MAX_MERGE_SOURCES} accounts`);
  if (sourceIds.includes(request.targetId)) throw invalid("sourceIds", "An account cannot be merged into itself");

  return inTransaction(db, () => {
    const target = findMergedAccount(db, request.targetId);
    const sources = sourceIds.map((id) => findMergedAccount(db, id));
    const { fields, list, owner } = keptValues(target, sources, request.fields ?? {});
    const totals = db
      .select({ orderCount: count(), totalCents: sum(orders.totalCents) })
      .from(orders)
      // The merged account's figures, as its recount will make them: of the orders that count.
      .where(and(inArray(orders.accountId, [target.id, ...sourceIds]), sql.raw(COUNTED_ORDER)))
      .get()!;
    const contactPlan = planContacts(db, target.id, sourceIds);
    const outcome: MergeOutcome = {
      targetId: target.id,
      fields,
      list,
      owner,
      orderCount: totals.orderCount,
      totalOrderCents: Number(totals.totalCents ?? 0),
      moves: countMoves(db, sourceIds),
      contactsCombined: contactPlan.combinations.reduce((combined, combination) => combined + combination.duplicateIds.length, 0),
      aliases: [target, ...sources].flatMap((account) => (account.email && account.email !== fields.email ? [account.email] : [])),
      mergeId: null,
    };
    if (request.dryRun) return outcome;

    const now = new Date();
    const before = snapshotBeforeMerge(db, target.id, sourceIds);
    // accounts.email is unique: the sources give theirs up before the target may take one of them.
    db.update(accounts).set({ email: null }).where(inArray(accounts.id, sourceIds)).run();
    db.update(accounts)
      .set({ ...fields, listType: list.listType, listPinned: list.listPinned, ownerUserId: owner?.id ?? null, updatedAt: now })
      .where(eq(accounts.id, target.id))
      .run();
    combineContacts(db, contactPlan, now);
    // Contact ids start at 1, so 0 makes none of the moved contacts primary.
    db.update(contacts)
      .set({ accountId: target.id, isPrimary: eq(contacts.id, contactPlan.primaryId ?? 0) })
      .where(inArray(contacts.accountId, sourceIds))
      .run();
    db.update(orders).set({ accountId: target.id }).where(inArray(orders.accountId, sourceIds)).run();
    db.update(notes).set({ accountId: target.id }).where(inArray(notes.accountId, sourceIds)).run();
    db.update(tasks).set({ accountId: target.id }).where(inArray(tasks.accountId, sourceIds)).run();
    db.update(activities).set({ accountId: target.id }).where(inArray(activities.accountId, sourceIds)).run();
    addAliases(db, target.id, outcome.aliases, sourceIds);
    db.delete(duplicatePairs)
      .where(or(inArray(duplicatePairs.accountId, sourceIds), inArray(duplicatePairs.otherAccountId, sourceIds)))
      .run();
    // The same rule as order recording's: statistics, "customer since" and, unless pinned, the list follow the orders.
    // The sources are recounted too, now without orders, so that what analytics add up forgets their purchase days.
    recomputeAccountStats(db, [target.id, ...sourceIds], { now, actor });
    db.delete(accounts).where(inArray(accounts.id, sourceIds)).run();
    const combinedContactIds = contactPlan.combinations.flatMap((combination) => combination.duplicateIds);
    const mergeId = recordMerge(db, before, { targetId: target.id, combinedContactIds, addedAliases: outcome.aliases, actor, at: now });
    const summary = `Merged ${sources.map((source) => source.name).join(", ")} into this account`;
    announceChange(db, {
      type: "accounts_merged",
      targetId: target.id,
      targetName: target.name,
      sourceIds,
      sourceNames: sources.map((source) => source.name),
      mergeId,
      actor,
      at: now,
      timeline: [{ accountId: target.id, kind: "accounts_merged", summary }],
    });
    return { ...outcome, mergeId };
  });
}

interface MergedAccount extends MergeableAccount {
  ownerName: string | null;
}

function findMergedAccount(db: CrmDatabase, id: number): MergedAccount {
  const account = db
    .select({ ...MERGEABLE_COLUMNS, ownerName: users.name })
    .from(accounts)
    .leftJoin(users, eq(users.id, accounts.ownerUserId))
    .where(eq(accounts.id, id))
    .get();
  if (!account) throw notFound(`Account ${id} not found`);
  return account;
}

/**
 * What the target keeps. Each field and the owner from the account chosen for it when that has one, else
 * the target's, else the first source's that has one; the list (with its pinning) from the account chosen.
 * The list and owner are chosen by default from the account with the most orders, the customer's main one.
 */
function keptValues(
  target: MergedAccount,
  sources: MergedAccount[],
  choices: Partial<Record<MergeField, number>>,
): Pick<MergeOutcome, "fields" | "list" | "owner"> {
  const merged = [target, ...sources];
  const chosen = (choice: MergeField): MergedAccount | undefined => {
    const chosenId = choices[choice];
    if (chosenId === undefined) return undefined;
    const account = merged.find((account) => account.id === chosenId);
    if (!account) throw invalid(`fields.${choice}`, `fields.${choice} must be the id of the target or of an account being merged`);
    return account;
  };
  const pick = (field: MergedField): string | null => [chosen(field), ...merged].map((account) => account?.[field]?.trim()).find((value) => value) ?? null;
  // On a tie the earlier account stays: the target first.
  const busiest = merged.reduce((best, account) => (account.orderCount > best.orderCount ? account : best));
  const listFrom = chosen("list") ?? busiest;
  const ownerFrom = [chosen("owner") ?? busiest, ...merged].find((account) => account.ownerUserId !== null);
  return {
    fields: { name: pick("name")!, email: pick("email"), domain: pick("domain"), phone: pick("phone") },
    list: { listType: listFrom.listType, listPinned: listFrom.listPinned },
    owner: ownerFrom ? { id: ownerFrom.ownerUserId!, name: ownerFrom.ownerName! } : null,
  };
}

function countMoves(db: CrmDatabase, sourceIds: number[]): MergeOutcome["moves"] {
  const countOf = (table: typeof contacts | typeof orders | typeof notes | typeof tasks | typeof activities) =>
    db.select({ count: count() }).from(table).where(inArray(table.accountId, sourceIds)).get()!.count;
  return { contacts: countOf(contacts), orders: countOf(orders), notes: countOf(notes), tasks: countOf(tasks), activities: countOf(activities) };
}

type MergedContact = Pick<typeof contacts.$inferSelect, "id" | "email" | "firstName" | "lastName" | "phone" | "title" | "isPrimary">;

/** What becomes of the merged accounts' contacts, worked out before anything moves. */
interface ContactPlan {
  /** The target's primary contact, else the earliest primary that comes with the sources; after combining. */
  primaryId: number | null;
  combinations: ContactCombination[];
}

/** Contacts with one e-mail that become one: the kept one, with what it lacks filled in from the others, which go. */
interface ContactCombination {
  kept: MergedContact;
  duplicateIds: number[];
}

/**
 * Groups the contacts by e-mail, ignoring case: each group keeps the target's contact (else the earliest),
 * which takes the others' phone, title and names where it has none. A primary that goes hands the part to
 * the contact it is combined into, so the account keeps a primary whenever it would have one.
 */
function planContacts(db: CrmDatabase, targetId: number, sourceIds: number[]): ContactPlan {
  const merged = db
    .select({
      id: contacts.id,
      email: contacts.email,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      phone: contacts.phone,
      title: contacts.title,
      isPrimary: contacts.isPrimary,
    })
    .from(contacts)
    .where(or(eq(contacts.accountId, targetId), inArray(contacts.accountId, sourceIds)))
    .orderBy(ne(contacts.accountId, targetId), asc(contacts.id))
    .all();
  const byEmail = Map.groupBy(
    merged.filter((contact) => contact.email?.trim()),
    (contact) => contact.email!.trim().toLowerCase(),
  );
  const combinations = [...byEmail.values()]
    .filter((group) => group.length > 1)
    .map(([kept, ...duplicates]) => ({ kept: filledIn(kept!, duplicates), duplicateIds: duplicates.map((duplicate) => duplicate.id) }));
  const primaryId = merged.find((contact) => contact.isPrimary)?.id ?? null;
  const combinedInto = combinations.find((combination) => primaryId !== null && combination.duplicateIds.includes(primaryId));
  return { primaryId: combinedInto ? combinedInto.kept.id : primaryId, combinations };
}

/** The contact with each value it lacks taken from the first of the others that has one. */
function filledIn(kept: MergedContact, others: MergedContact[]): MergedContact {
  const fill = <K extends "firstName" | "lastName" | "phone" | "title">(key: K): MergedContact[K] =>
    [kept, ...others].map((contact) => contact[key]).find((value) => value?.trim()) ?? kept[key];
  return { ...kept, firstName: fill("firstName"), lastName: fill("lastName"), phone: fill("phone"), title: fill("title") };
}

/** Writes each combination: the kept contact filled in (and primary when the plan says so), the others deleted. */
function combineContacts(db: CrmDatabase, plan: ContactPlan, now: Date): void {
  for (const { kept, duplicateIds } of plan.combinations) {
    db.update(contacts)
      .set({ firstName: kept.firstName, lastName: kept.lastName, phone: kept.phone, title: kept.title, isPrimary: kept.id === plan.primaryId, updatedAt: now })
      .where(eq(contacts.id, kept.id))
      .run();
    db.delete(contacts).where(inArray(contacts.id, duplicateIds)).run();
  }
}
