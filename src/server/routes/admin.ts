import { Elysia } from "elysia";
import path from "node:path";
import { BackfillRun, DEFAULT_BACKFILL_DAYS, LatestBackfill, NewBackfillBody } from "../../contracts/backfill.ts";
import { MessageAnswer } from "../../contracts/common.ts";
import { clearAllCustomerData } from "../../core/accounts/accounts.ts";
import { CLEAR_ALL_DATA_PATH, ClearAllDataBody } from "../../contracts/accounts.ts";
import { assertCompanyNameTyped } from "../../core/settings/branding.ts";
import { whenDatabaseFree } from "../../core/database/busy.ts";
import { actorOf } from "../../core/changes/actor.ts";
import { latestBackfill } from "../../core/shipstation/backfill.ts";
import type { ServerContext } from "../context.ts";
import { toBackfillRunJson, toLatestBackfillJson } from "../json/backfill-json.ts";
import { sessionGuard } from "../middleware/session.ts";
import { takeServerBackup } from "../background/server-backups.ts";
import { answers } from "../openapi/answers.ts";

export function adminRoutes(context: ServerContext) {
  const { db } = context;
  return new Elysia({ prefix: "/api/admin" })
    .use(sessionGuard(context))
    .delete(
      CLEAR_ALL_DATA_PATH.slice("/api/admin".length),
      async ({ body, user }) => {
        assertCompanyNameTyped(db, body?.confirm, context.env);
        // What one click destroys is kept first: a backup the admin can restore with `crm restore`, taken on
        // the backup thread so that the server answers others meanwhile.
        const { file } = await takeServerBackup(db, context.dataDir, "before-clear", actorOf(user));
        // Tried again here while an import holds the write lock, rather than the whole request with its backup.
        await whenDatabaseFree(() => clearAllCustomerData(db, actorOf(user), path.basename(file)));
        return { message: `All account data has been cleared. A backup of it was kept first: ${path.basename(file)}` };
      },
      { adminOnly: true, body: ClearAllDataBody, ...answers(MessageAnswer) },
    )
    .post(
      "/backfill",
      ({ body, set }) => {
        set.status = 202;
        return toBackfillRunJson(context.backfills.start(body.days ?? DEFAULT_BACKFILL_DAYS, body.modified ? "modified" : "placed"));
      },
      { adminOnly: true, body: NewBackfillBody, ...answers(BackfillRun, { status: 202, description: "Started; it runs in the background" }) },
    )
    .get("/backfill", () => toLatestBackfillJson(latestBackfill(db)), { adminOnly: true, ...answers(LatestBackfill) });
}
