import type { Database } from "bun:sqlite";
import { recomputeAccountStats } from "../accounts/account-stats.ts";
import { recordActivity } from "../activity/activity.ts";
import type { Actor } from "../activity/actor.ts";
import type { CrmDatabase } from "../database/open.ts";
import { inTransaction } from "../database/transaction.ts";
import { invalid, notFound } from "../errors.ts";
import { addAliases } from "./aliases.ts";
import { detectDuplicatesForAccounts } from "./detect-accounts.ts";

export type MergedField = "name" | "email" | "domain" | "phone";

/** More accounts than this in one merge is a mistake rather than a customer typed many ways. */
const MAX_MERGE_SOURCES = 50;

export interface MergeRequest {
  targetId: number;
  /** The accounts that go into the target and are deleted. */
  sourceIds: number[];
  /** Which account (the target or a source) each field's value comes from. */
  fields?: Partial<Record<MergedField, number>>;
  /** Work everything out and write nothing. */
  dryRun?: boolean;
}

export interface MergeOutcome {
  targetId: number;
  /** The target's fields after the merge. */
  fields: { name: string; email: string | null; domain: string | null; phone: string | null };
  /** The target's order statistics after the merge. */
  orderCount: number;
  totalOrderCents: number;
  /** What moves from the sources to the target. */
  moves: { contacts: number; orders: number; notes: number; tasks: number; activities: number };
  /** E-mails that will lead to the target as aliases: the sources', and the target's own if it takes another. */
  aliases: string[];
}

/**
 * Makes several accounts of one customer one, in one transaction: the sources' contacts, orders, notes,
 * tasks and timeline move to the target, each field takes the chosen account's value (else the target's,
 * else the first source's that has one), the statistics are recounted from the orders, the timeline says
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
    const fields = mergedFields(target, sources, request.fields ?? {});
    const everyId = JSON.stringify([target.id, ...sourceIds]);
    const sourceJson = JSON.stringify(sourceIds);
    const totals = sqlite
      .query<{ orderCount: number; totalOrderCents: number }, [string]>(
        "SELECT count(*) AS orderCount, coalesce(sum(total_cents), 0) AS totalOrderCents FROM orders WHERE account_id IN (SELECT value FROM json_each(?))",
      )
      .get(everyId)!;
    const outcome: MergeOutcome = {
      targetId: target.id,
      fields,
      ...totals,
      moves: countMoves(sqlite, sourceJson),
      aliases: [target, ...sources].flatMap((account) => (account.email && account.email !== fields.email ? [account.email] : [])),
    };
    if (request.dryRun) return outcome;

    const now = Date.now();
    // accounts.email is unique: the sources give theirs up before the target may take one of them.
    sqlite.run("UPDATE accounts SET email = NULL WHERE id IN (SELECT value FROM json_each(?))", [sourceJson]);
    sqlite.run("UPDATE accounts SET name = ?, email = ?, domain = ?, phone = ?, updated_at = ? WHERE id = ?", [
      fields.name, fields.email, fields.domain, fields.phone, now, target.id,
    ]);
    moveContacts(sqlite, target.id, sourceJson);
    for (const table of ["orders", "notes", "tasks", "activities"]) {
      sqlite.run(`UPDATE ${table} SET account_id = ? WHERE account_id IN (SELECT value FROM json_each(?))`, [target.id, sourceJson]);
    }
    addAliases(sqlite, target.id, outcome.aliases, sourceIds);
    sqlite.run(
      "DELETE FROM duplicate_pairs WHERE account_id IN (SELECT value FROM json_each(?1)) OR other_account_id IN (SELECT value FROM json_each(?1))",
      [sourceJson],
    );
    recordActivity(db, target.id, "accounts_merged", `Merged ${sources.map((source) => source.name).join(", ")} into this account`, actor);
    // The same rule as order recording's: statistics, "customer since" and the activity list follow the orders.
    recomputeAccountStats(db, [target.id], { now: new Date(now), actor });
    sqlite.run("DELETE FROM accounts WHERE id IN (SELECT value FROM json_each(?))", [sourceJson]);
    detectDuplicatesForAccounts(db, [target.id, ...sourceIds]);
    return outcome;
  });
}

interface MergedAccount {
  id: number;
  name: string;
  email: string | null;
  domain: string | null;
  phone: string | null;
}

function findMergedAccount(sqlite: Database, id: number): MergedAccount {
  const account = sqlite.query<MergedAccount, [number]>("SELECT id, name, email, domain, phone FROM accounts WHERE id = ?").get(id);
  if (!account) throw notFound(`Account ${id} not found`);
  return account;
}

/** Each field from the account chosen for it when that has a value, else the target's, else the first source's that has one. */
function mergedFields(target: MergedAccount, sources: MergedAccount[], choices: Partial<Record<MergedField, number>>): MergeOutcome["fields"] {
  const byId = new Map([target, ...sources].map((account) => [account.id, account]));
  const pick = (field: MergedField): string | null => {
    const chosenId = choices[field];
    const chosen = chosenId === undefined ? undefined : byId.get(chosenId);
    if (chosenId !== undefined && !chosen) throw invalid(`fields.${field}`, `fields.${field} must be the id of the target or of an account being merged`);
    return [chosen, target, ...sources].map((account) => account?.[field]?.trim()).find((value) => value) ?? null;
  };
  return { name: pick("name")!, email: pick("email"), domain: pick("domain"), phone: pick("phone") };
}

function countMoves(sqlite: Database, sourceJson: string): MergeOutcome["moves"] {
  const count = (table: string) =>
    sqlite.query<{ count: number }, [string]>(`SELECT count(*) AS count FROM ${table} WHERE account_id IN (SELECT value FROM json_each(?))`).get(sourceJson)!.count;
  return { contacts: count("contacts"), orders: count("orders"), notes: count("notes"), tasks: count("tasks"), activities: count("activities") };
}

/** Moves the contacts over; the target keeps its primary contact, or takes the earliest primary that comes with them. */
function moveContacts(sqlite: Database, targetId: number, sourceJson: string): void {
  const primary = sqlite
    .query<{ id: number }, [number, string]>(
      `SELECT id FROM contacts WHERE is_primary = 1 AND (account_id = ?1 OR account_id IN (SELECT value FROM json_each(?2)))
       ORDER BY account_id != ?1, id LIMIT 1`,
    )
    .get(targetId, sourceJson);
  // Contact ids start at 1, so 0 makes none of the moved contacts primary.
  sqlite.run("UPDATE contacts SET account_id = ?, is_primary = (id = ?) WHERE account_id IN (SELECT value FROM json_each(?))", [
    targetId, primary?.id ?? 0, sourceJson,
  ]);
}
