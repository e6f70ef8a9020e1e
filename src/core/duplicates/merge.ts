import type { Database } from "bun:sqlite";
import { recomputeAccountStats } from "../accounts/account-stats.ts";
import { recordActivity } from "../activity/activity.ts";
import type { Actor } from "../activity/actor.ts";
import type { CrmDatabase } from "../database/open.ts";
import { inTransaction } from "../database/transaction.ts";
import { invalid, notFound } from "../errors.ts";
import { addAliases } from "./aliases.ts";
import { detectDuplicatesForAccounts } from "./detect-accounts.ts";
import type { MergeableAccount } from "./duplicate-candidates.ts";

export type MergedField = "name" | "email" | "domain" | "phone";
/** What the target keeps from an account chosen for it: one of its fields, its list (pinned or not), its owner. */
export type MergeChoice = MergedField | "list" | "owner";

/** More accounts than this in one merge is a mistake rather than a customer typed many ways. */
const MAX_MERGE_SOURCES = 50;

export interface MergeRequest {
  targetId: number;
  /** The accounts that go into the target and are deleted. */
  sourceIds: number[];
  /**
   * Which account (the target or a source) each value comes from. The list and the owner default to the
   * account with the most orders (the target on a tie): the customer's main account.
   */
  fields?: Partial<Record<MergeChoice, number>>;
  /** Work everything out and write nothing. */
  dryRun?: boolean;
}

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
}

/**
 * Makes several accounts of one customer one, in one transaction: the sources' contacts, orders, notes,
 * tasks and timeline move to the target, contacts with the same e-mail become one, each field takes the
 * chosen account's value (else the target's, else the first source's that has one), the list and owner
 * those of the account chosen for them, the statistics are recounted from the orders, the timeline says
 * what was merged, the sources' e-mails become aliases of the target, and the sources are deleted with
 * their duplicate pairs before the target's pairs are detected afresh. A dry run only reports that.
 */
export function mergeAccounts(db: CrmDatabase, request: MergeRequest, actor: Actor): MergeOutcome {
  const sourceIds = [...new Set(request.sourceIds)];
  if (sourceIds.length === 0) throw invalid("sourceIds", "sourceIds must name at least one account to merge");
  if (sourceIds.length > MAX_MERGE_SOURCES) throw invalid("sourceIds", `sourceIds may name at most ${MAX_MERGE_SOURCES} accounts`);
  if (sourceIds.includes(request.targetId)) throw invalid("sourceIds", "An account cannot be merged into itself");
  const sqlite = db.$client;

  return inTransaction(sqlite, () => {
    const target = findMergedAccount(sqlite, request.targetId);
    const sources = sourceIds.map((id) => findMergedAccount(sqlite, id));
    const { fields, list, owner } = keptValues(target, sources, request.fields ?? {});
    const everyId = JSON.stringify([target.id, ...sourceIds]);
    const sourceJson = JSON.stringify(sourceIds);
    const totals = sqlite
      .query<{ orderCount: number; totalOrderCents: number }, [string]>(
        "SELECT count(*) AS orderCount, coalesce(sum(total_cents), 0) AS totalOrderCents FROM orders WHERE account_id IN (SELECT value FROM json_each(?))",
      )
      .get(everyId)!;
    const contacts = planContacts(sqlite, target.id, sourceJson);
    const outcome: MergeOutcome = {
      targetId: target.id,
      fields,
      list,
      owner,
      ...totals,
      moves: countMoves(sqlite, sourceJson),
      contactsCombined: contacts.combinations.reduce((count, combination) => count + combination.duplicateIds.length, 0),
      aliases: [target, ...sources].flatMap((account) => (account.email && account.email !== fields.email ? [account.email] : [])),
    };
    if (request.dryRun) return outcome;

    const now = Date.now();
    // accounts.email is unique: the sources give theirs up before the target may take one of them.
    sqlite.run("UPDATE accounts SET email = NULL WHERE id IN (SELECT value FROM json_each(?))", [sourceJson]);
    sqlite.run(
      "UPDATE accounts SET name = ?, email = ?, domain = ?, phone = ?, list_type = ?, list_pinned = ?, owner_user_id = ?, updated_at = ? WHERE id = ?",
      [fields.name, fields.email, fields.domain, fields.phone, list.listType, list.listPinned, owner?.id ?? null, now, target.id],
    );
    combineContacts(sqlite, contacts, now);
    // Contact ids start at 1, so 0 makes none of the moved contacts primary.
    sqlite.run("UPDATE contacts SET account_id = ?, is_primary = (id = ?) WHERE account_id IN (SELECT value FROM json_each(?))", [
      target.id, contacts.primaryId ?? 0, sourceJson,
    ]);
    for (const table of ["orders", "notes", "tasks", "activities"]) {
      sqlite.run(`UPDATE ${table} SET account_id = ? WHERE account_id IN (SELECT value FROM json_each(?))`, [target.id, sourceJson]);
    }
    addAliases(sqlite, target.id, outcome.aliases, sourceIds);
    sqlite.run(
      "DELETE FROM duplicate_pairs WHERE account_id IN (SELECT value FROM json_each(?1)) OR other_account_id IN (SELECT value FROM json_each(?1))",
      [sourceJson],
    );
    recordActivity(db, target.id, "accounts_merged", `Merged ${sources.map((source) => source.name).join(", ")} into this account`, actor);
    // The same rule as order recording's: statistics, "customer since" and, unless pinned, the list follow the orders.
    recomputeAccountStats(db, [target.id], { now: new Date(now), actor });
    sqlite.run("DELETE FROM accounts WHERE id IN (SELECT value FROM json_each(?))", [sourceJson]);
    detectDuplicatesForAccounts(db, [target.id, ...sourceIds]);
    return outcome;
  });
}

interface MergedAccount extends MergeableAccount {
  ownerName: string | null;
}

function findMergedAccount(sqlite: Database, id: number): MergedAccount {
  const account = sqlite
    .query<Omit<MergedAccount, "listPinned"> & { listPinned: number }, [number]>(
      `SELECT a.id, a.name, a.email, a.domain, a.phone, a.order_count AS orderCount, a.list_type AS listType, a.list_pinned AS listPinned,
              a.owner_user_id AS ownerUserId, u.name AS ownerName
       FROM accounts a LEFT JOIN users u ON u.id = a.owner_user_id WHERE a.id = ?`,
    )
    .get(id);
  if (!account) throw notFound(`Account ${id} not found`);
  return { ...account, listPinned: account.listPinned === 1 };
}

/**
 * What the target keeps. Each field and the owner from the account chosen for it when that has one, else
 * the target's, else the first source's that has one; the list (with its pinning) from the account chosen.
 * The list and owner are chosen by default from the account with the most orders, the customer's main one.
 */
function keptValues(
  target: MergedAccount,
  sources: MergedAccount[],
  choices: Partial<Record<MergeChoice, number>>,
): Pick<MergeOutcome, "fields" | "list" | "owner"> {
  const accounts = [target, ...sources];
  const chosen = (choice: MergeChoice): MergedAccount | undefined => {
    const chosenId = choices[choice];
    if (chosenId === undefined) return undefined;
    const account = accounts.find((merged) => merged.id === chosenId);
    if (!account) throw invalid(`fields.${choice}`, `fields.${choice} must be the id of the target or of an account being merged`);
    return account;
  };
  const pick = (field: MergedField): string | null => [chosen(field), ...accounts].map((account) => account?.[field]?.trim()).find((value) => value) ?? null;
  // On a tie the earlier account stays: the target first.
  const busiest = accounts.reduce((best, account) => (account.orderCount > best.orderCount ? account : best));
  const listFrom = chosen("list") ?? busiest;
  const ownerFrom = [chosen("owner") ?? busiest, ...accounts].find((account) => account.ownerUserId !== null);
  return {
    fields: { name: pick("name")!, email: pick("email"), domain: pick("domain"), phone: pick("phone") },
    list: { listType: listFrom.listType, listPinned: listFrom.listPinned },
    owner: ownerFrom ? { id: ownerFrom.ownerUserId!, name: ownerFrom.ownerName! } : null,
  };
}

function countMoves(sqlite: Database, sourceJson: string): MergeOutcome["moves"] {
  const count = (table: string) =>
    sqlite.query<{ count: number }, [string]>(`SELECT count(*) AS count FROM ${table} WHERE account_id IN (SELECT value FROM json_each(?))`).get(sourceJson)!.count;
  return { contacts: count("contacts"), orders: count("orders"), notes: count("notes"), tasks: count("tasks"), activities: count("activities") };
}

interface MergedContact {
  id: number;
  email: string | null;
  firstName: string;
  lastName: string;
  phone: string | null;
  title: string | null;
  isPrimary: number;
}

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
function planContacts(sqlite: Database, targetId: number, sourceJson: string): ContactPlan {
  const contacts = sqlite
    .query<MergedContact, [number, string]>(
      `SELECT id, email, first_name AS firstName, last_name AS lastName, phone, title, is_primary AS isPrimary FROM contacts
       WHERE account_id = ?1 OR account_id IN (SELECT value FROM json_each(?2))
       ORDER BY account_id != ?1, id`,
    )
    .all(targetId, sourceJson);
  const byEmail = Map.groupBy(
    contacts.filter((contact) => contact.email?.trim()),
    (contact) => contact.email!.trim().toLowerCase(),
  );
  const combinations = [...byEmail.values()]
    .filter((group) => group.length > 1)
    .map(([kept, ...duplicates]) => ({ kept: filledIn(kept!, duplicates), duplicateIds: duplicates.map((duplicate) => duplicate.id) }));
  const primaryId = contacts.find((contact) => contact.isPrimary)?.id ?? null;
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
function combineContacts(sqlite: Database, plan: ContactPlan, now: number): void {
  for (const { kept, duplicateIds } of plan.combinations) {
    sqlite.run("UPDATE contacts SET first_name = ?, last_name = ?, phone = ?, title = ?, is_primary = ?, updated_at = ? WHERE id = ?", [
      kept.firstName, kept.lastName, kept.phone, kept.title, kept.id === plan.primaryId, now, kept.id,
    ]);
    sqlite.run("DELETE FROM contacts WHERE id IN (SELECT value FROM json_each(?))", [JSON.stringify(duplicateIds)]);
  }
}
