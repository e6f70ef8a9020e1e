import type { Actor } from "../changes/actor.ts";
import { announceAccountsReassigned, type Change } from "../changes/change-feed.ts";
import { withAccountScope } from "../account-basics/account-scope.ts";
import type { CrmDatabase } from "../database/open.ts";
import { BUILT_IN_LIST_KEYS, type BuiltInListKey } from "../../contracts/lists.ts";
import { startOfDaysAgo } from "../time/business-calendar.ts";
import { readCustomerLifecycle } from "./lifecycle-settings.ts";

/** How many accounts moved into each built-in list. */
export type ListMoves = Record<BuiltInListKey, number>;

/** The instants the rules compare order dates with: midnights in New York so many calendar days ago. */
export interface ActivityCutoffs {
  newSince: number;
  activeSince: number;
}

export function activityCutoffs(db: CrmDatabase, now: Date): ActivityCutoffs {
  const { newWithinDays, activeWithinDays } = readCustomerLifecycle(db);
  return { newSince: startOfDaysAgo(newWithinDays, now), activeSince: startOfDaysAgo(activeWithinDays, now) };
}

/** Whether an account counts as a new customer: first order (or, with none, being added) within the New window. */
export function isNewCustomer(account: { firstOrderAt: Date | null; createdAt: Date }, cutoffs: ActivityCutoffs): boolean {
  return (account.firstOrderAt ?? account.createdAt).getTime() >= cutoffs.newSince;
}

export interface PlacementOptions {
  now: Date;
  /** Named on the timeline entries of the accounts that move. */
  actor: Actor;
  /** Count the moves, make none. */
  dryRun?: boolean;
}

/** The activity lists follow the change feed: accounts whose figures were recounted go where the rules say. */
export function placeRecountedAccounts(db: CrmDatabase, change: Change): void {
  if (change.type !== "orders_recounted") return;
  withAccountScope(db.$client, change.accountIds, change.createdIds, () => placeScopeByActivity(db, { now: change.at, actor: change.actor }));
}

/**
 * Puts every account of temp.account_scope (see withAccountScope) whose list staff have not pinned in
 * the list its order activity calls for, in the caller's transaction. Each account that moves gets a
 * timeline entry, except those the caller has just created: their first entry already says where they
 * came from. Returns how many accounts moved into each list.
 */
export function placeScopeByActivity(db: CrmDatabase, options: PlacementOptions): ListMoves {
  const sqlite = db.$client;
  const { newSince, activeSince } = activityCutoffs(db, options.now);
  const moves = emptyMoves();
  const counted = sqlite
    .query<{ list: BuiltInListKey; moved: number }, [number, number]>(
      `SELECT rule_list AS list, count(*) AS moved
       FROM (SELECT ${ACTIVITY_LIST} AS rule_list, list_type FROM accounts WHERE id IN (SELECT id FROM temp.account_scope) AND list_pinned = 0)
       WHERE rule_list <> list_type GROUP BY rule_list`,
    )
    .all(newSince, activeSince);
  for (const { list, moved } of counted) moves[list] = moved;
  if (options.dryRun || counted.length === 0) return moves;

  const at = options.now.getTime();
  const moving = sqlite
    .query<{ accountId: number; summary: string }, [number, number]>(
      `SELECT moving.id AS accountId, 'Moved from ' || coalesce(old.name, moving.list_type) || ' to ' || coalesce(new.name, moving.rule_list) || ' by order activity' AS summary
       FROM (SELECT id, list_type, ${ACTIVITY_LIST} AS rule_list FROM accounts
             WHERE id IN (SELECT id FROM temp.account_scope WHERE created = 0) AND list_pinned = 0) moving
       LEFT JOIN lists old ON old.key = moving.list_type
       LEFT JOIN lists new ON new.key = moving.rule_list
       WHERE moving.rule_list <> moving.list_type`,
    )
    .all(newSince, activeSince);
  sqlite.run(
    `UPDATE accounts SET list_type = ${ACTIVITY_LIST}, updated_at = ?3
     WHERE id IN (SELECT id FROM temp.account_scope) AND list_pinned = 0 AND list_type <> ${ACTIVITY_LIST}`,
    [newSince, activeSince, at],
  );
  announceAccountsReassigned(db, moving, "list_changed", { actor: options.actor, at: options.now, field: "list", by: "activity_rules" });
  return moves;
}

/**
 * How many accounts with ids above `afterId` and at most `upToId` the rules would move into each list, read
 * without writing anything: a pass that finds nothing to move leaves every remembered answer valid.
 */
export function countMovesBetween(db: CrmDatabase, afterId: number, upToId: number, now: Date): ListMoves {
  const { newSince, activeSince } = activityCutoffs(db, now);
  const moves = emptyMoves();
  const counted = db.$client
    .query<{ list: BuiltInListKey; moved: number }, [number, number, number, number]>(
      `SELECT rule_list AS list, count(*) AS moved
       FROM (SELECT ${ACTIVITY_LIST} AS rule_list, list_type FROM accounts WHERE id > ?3 AND id <= ?4 AND list_pinned = 0)
       WHERE rule_list <> list_type GROUP BY rule_list`,
    )
    .all(newSince, activeSince, afterId, upToId);
  for (const { list, moved } of counted) moves[list] = moved;
  return moves;
}

/**
 * Hands every account of a list back to the activity rules (the list is being deleted), placing each at
 * once with a timeline entry saying why, in the caller's transaction. Returns how many accounts moved.
 */
export function returnListToActivityRules(db: CrmDatabase, list: { key: string; name: string }, options: PlacementOptions & { reason: string }): number {
  const sqlite = db.$client;
  const { newSince, activeSince } = activityCutoffs(db, options.now);
  const moving = sqlite
    .query<{ accountId: number; summary: string }, [number, number, string, string, string]>(
      `SELECT moving.id AS accountId, 'Moved from ' || ?4 || ' to ' || coalesce(new.name, moving.rule_list) || ' (' || ?5 || ')' AS summary
       FROM (SELECT id, ${ACTIVITY_LIST} AS rule_list FROM accounts WHERE list_type = ?3) moving
       LEFT JOIN lists new ON new.key = moving.rule_list`,
    )
    .all(newSince, activeSince, list.key, list.name, options.reason);
  const moved = sqlite.run(`UPDATE accounts SET list_type = ${ACTIVITY_LIST}, list_pinned = 0, updated_at = ?4 WHERE list_type = ?3`, [newSince, activeSince, list.key, options.now.getTime()]).changes;
  announceAccountsReassigned(db, moving, "list_changed", { actor: options.actor, at: options.now, field: "list", by: "activity_rules" });
  return moved;
}

export function emptyMoves(): ListMoves {
  return Object.fromEntries(BUILT_IN_LIST_KEYS.map((key) => [key, 0])) as ListMoves;
}

export function totalMoved(moves: ListMoves): number {
  return BUILT_IN_LIST_KEYS.reduce((sum, key) => sum + moves[key], 0);
}

/**
 * The one statement of the rules, for an account row: ?1 is the New window's start, ?2 the Active
 * window's. An account with no order yet was added by hand, and is new.
 */
const ACTIVITY_LIST = `(CASE WHEN first_order_at IS NULL OR first_order_at >= ?1 THEN 'new' WHEN last_order_at >= ?2 THEN 'active' ELSE 'legacy' END)`;
