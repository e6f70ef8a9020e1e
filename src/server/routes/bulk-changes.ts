import { Elysia } from "elysia";
import { BULK_CHANGES_PATH, BulkChangeUndone } from "../../contracts/accounts.ts";
import { IdParams } from "../../contracts/common.ts";
import { undoBulkChange } from "../../core/accounts/bulk-changes.ts";
import { actorOf } from "../../core/changes/actor.ts";
import type { ServerContext } from "../context.ts";
import { sessionGuard } from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";

/**
 * Bulk list and owner changes (POST /api/accounts/bulk, POST /api/accounts/bulk-assign-list) answer a
 * bulkChangeId; this undoes one (core/accounts/bulk-changes.ts). Whoever may make a bulk change may undo one.
 */
export function bulkChangeRoutes(context: ServerContext) {
  const { db } = context;
  return new Elysia({ prefix: BULK_CHANGES_PATH })
    .use(sessionGuard(context))
    .post("/:id/undo", ({ params, user }) => undoBulkChange(db, params.id, actorOf(user)), {
      signedIn: true,
      params: IdParams,
      ...answers(BulkChangeUndone, { description: "Accounts changed since are left as they are, and counted as skipped; 409 once undone or after 30 days" }),
    });
}
