import { sql, type SQL } from "drizzle-orm";
import type { CrmDatabase } from "../database/open.ts";
import { activityCutoffs } from "../lifecycle/lifecycle-lists.ts";

/**
 * Who is searching and when: the two facts besides the text that an account's place among the results
 * depends on.
 */
export interface SearchRankContext {
  /** The signed-in user, whose own accounts come first among equally good matches; none from the command line. */
  userId: number | null;
  /** The Active list's cutoff (midnight in New York so many days ago, from the lifecycle settings). */
  activeSince: number;
}

export function searchRankContext(db: CrmDatabase, userId: number | null, now: Date): SearchRankContext {
  return { userId, activeSince: activityCutoffs(db, now).activeSince };
}

/**
 * The one order of accounts found by a search, for the header search and every account picker (Create
 * Task's, the merge dialog's), which all ask the header search. After how well the text matched (the
 * caller's `matchTier`, when its accounts match in more than one way: its exact name first):
 *   1. the searcher's own accounts (owner = the signed-in user);
 *   2. customers buying now: an order within the Active list's window;
 *   3. the most valuable: total order value, largest first;
 *   4. the latest order first;
 *   5. by name, then id, so that equal accounts always come in the same order.
 * Written over the accounts aliased `a`, as ORDER BY terms: a top-N sort of the matches, which SQLite
 * keeps in a heap of the first N rather than sorting them all.
 */
export function searchRankOrder(context: SearchRankContext, matchTier?: SQL): SQL {
  return sql`${matchTier ? sql`${matchTier},` : sql``}
    coalesce(a.owner_user_id = ${context.userId}, 0) DESC,
    coalesce(a.last_order_at >= ${context.activeSince}, 0) DESC,
    a.total_order_cents DESC,
    a.last_order_at DESC,
    a.name COLLATE NOCASE,
    a.id`;
}
