import { SYSTEM } from "../activity/actor.ts";
import { withNextAccountsInScope } from "../accounts/account-scope.ts";
import type { CrmDatabase } from "../database/open.ts";
import { inTransaction } from "../database/transaction.ts";
import { emptyMoves, placeScopeByActivity, type ListMoves } from "./activity-lists.ts";

/**
 * Accounts placed per transaction: a few milliseconds of the write lock each, so that staff, sign-in and
 * the webhook never wait on a pass over 100,000 accounts.
 */
export const ACTIVITY_PASS_BATCH = 2_000;

/**
 * A pass of the activity rules over every account, as time moves accounts on without any new order
 * (Active to Legacy once their last order is old enough). It goes a batch at a time, each batch in a
 * transaction of its own: `step` does one and says whether any are left, so that the server can give
 * its event loop a turn between batches and the command line can simply loop.
 */
export class ActivityPass {
  readonly moves: ListMoves = emptyMoves();
  private afterId = 0;
  private done = false;

  constructor(
    private readonly db: CrmDatabase,
    private readonly options: { now?: Date; dryRun?: boolean; batchSize?: number } = {},
  ) {}

  step(): boolean {
    if (this.done) return false;
    const now = this.options.now ?? new Date();
    const batch = inTransaction(this.db.$client, () =>
      withNextAccountsInScope(this.db.$client, this.afterId, this.options.batchSize ?? ACTIVITY_PASS_BATCH, () =>
        placeScopeByActivity(this.db, { now, actor: SYSTEM, dryRun: this.options.dryRun }),
      ),
    );
    for (const key of Object.keys(batch.value) as (keyof ListMoves)[]) this.moves[key] += batch.value[key];
    if (batch.lastId === null) this.done = true;
    else this.afterId = batch.lastId;
    return !this.done;
  }

  /** Runs the whole pass at once, for the command line. */
  runToEnd(): ListMoves {
    while (this.step());
    return this.moves;
  }
}
