import type { BackfillRun, LatestBackfill } from "../../contracts/backfill.ts";
import type { BackfillRun as BackfillRunRecord } from "../../core/shipstation/backfill.ts";

export function toBackfillRunJson(run: BackfillRunRecord): BackfillRun {
  return {
    id: run.id,
    days: run.days,
    state: run.state,
    trigger: run.trigger,
    pages: run.pages,
    ordersCreated: run.ordersCreated,
    ordersUpdated: run.ordersUpdated,
    accountsCreated: run.accountsCreated,
    ordersUnmatched: run.ordersUnmatched,
    error: run.error,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

export function toLatestBackfillJson(run: BackfillRunRecord | null): LatestBackfill {
  return { backfill: run ? toBackfillRunJson(run) : null };
}
