import { SYSTEM } from "../changes/actor.ts";
import { withAccountsBetweenInScope } from "../account-basics/account-scope.ts";
import type { CrmDatabase } from "../database/open.ts";
import { inTransaction } from "../database/transaction.ts";
import { countMovesBetween, emptyMoves, placeScopeByActivity, totalMoved, type ListMoves } from "./lifecycle-lists.ts";

/**
 * Accounts placed per transaction: a few milliseconds of the write lock each, so that staff, sign-in and
 * the webhook never wait on a pass over 100,000 accounts.
 */
export const ACTIVITY_PASS_BATCH = 2_000;

/**
 * A pass of the activity rules over every account, as time moves accounts on without any new order
 * (Active to Legacy once their last order is old enough). It goes a batch of accounts at a time: `step`
 * does one and says whether any are left, so that the server can give its event loop a turn between
 * batches and the command line can simply loop. A batch is first counted without writing, and written
 * in a transaction of its own only when some of its accounts move: most days most batches have none,
 * and a write of any kind would make the server read every remembered answer again.
 */
export class LifecyclePass {
  readonly moves: ListMoves = emptyMoves();
  private afterId = 0;
  private done = false;

  constructor(
    private readonly db: CrmDatabase,
    private readonly options: { now?: Date; dryRun?: boolean; batchSize?: number } = {},
  ) {}

  step(): boolean {
    if (this.done) return false;
    const sqlite = this.db.$client;
    const upToId = sqlite
      .query<{ upToId: number | null }, [number, number]>("SELECT max(id) AS upToId FROM (SELECT id FROM accounts WHERE id > ? ORDER BY id LIMIT ?)")
      .get(this.afterId, this.options.batchSize ?? ACTIVITY_PASS_BATCH)!.upToId;
    if (upToId === null) {
      this.done = true;
      return false;
    }
    const now = this.options.now ?? new Date();
    const counted = countMovesBetween(this.db, this.afterId, upToId, now);
    const moved =
      this.options.dryRun || totalMoved(counted) === 0
        ? counted
        : inTransaction(sqlite, () => withAccountsBetweenInScope(sqlite, this.afterId, upToId, () => placeScopeByActivity(this.db, { now, actor: SYSTEM })));
    for (const key of Object.keys(moved) as (keyof ListMoves)[]) this.moves[key] += moved[key];
    this.afterId = upToId;
    return true;
  }

  /** Runs the whole pass at once, for the command line. */
  runToEnd(): ListMoves {
    while (this.step());
    return this.moves;
  }
}
