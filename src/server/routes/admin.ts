import { Elysia, t } from "elysia";
import { clearAllCustomerData } from "../../core/accounts/accounts.ts";
import { DEFAULT_BACKFILL_DAYS, latestBackfill, type BackfillRun } from "../../core/shipstation/backfill.ts";
import type { ServerContext } from "../context.ts";
import { sessionGuard } from "../middleware/session.ts";

export function adminRoutes(context: ServerContext) {
  const { db } = context;
  return new Elysia({ prefix: "/api/admin" })
    .use(sessionGuard(context))
    .delete(
      "/clear-all-data",
      () => {
        clearAllCustomerData(db);
        return { message: "All account data has been cleared" };
      },
      { adminOnly: true },
    )
    .post(
      "/backfill",
      ({ body, set }) => {
        set.status = 202;
        return toBackfillJson(context.backfills.start(body.days ?? DEFAULT_BACKFILL_DAYS));
      },
      { adminOnly: true, body: t.Object({ days: t.Optional(t.Number()) }) },
    )
    .get("/backfill", () => ({ backfill: maybe(latestBackfill(db)) }), { adminOnly: true });
}

function maybe(run: BackfillRun | null) {
  return run ? toBackfillJson(run) : null;
}

function toBackfillJson(run: BackfillRun) {
  return {
    id: run.id,
    days: run.days,
    state: run.state,
    trigger: run.trigger,
    pages: run.pages,
    ordersCreated: run.ordersCreated,
    ordersUpdated: run.ordersUpdated,
    accountsCreated: run.accountsCreated,
    error: run.error,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}
