import { Elysia } from "elysia";
import path from "node:path";
import packageJson from "../../../package.json" with { type: "json" };
import { BackfillRun, DEFAULT_BACKFILL_DAYS, LatestBackfill, NewBackfillBody } from "../../contracts/backfill.ts";
import { MessageAnswer } from "../../contracts/common.ts";
import { clearAllCustomerData } from "../../core/accounts/accounts.ts";
import { defaultBackupFile, takeBackup } from "../../core/backups/backups.ts";
import { actorOf } from "../../core/changes/actor.ts";
import { latestBackfill } from "../../core/shipstation/backfill.ts";
import type { ServerContext } from "../context.ts";
import { toBackfillRunJson, toLatestBackfillJson } from "../json/backfill-json.ts";
import { sessionGuard } from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";

export function adminRoutes(context: ServerContext) {
  const { db } = context;
  return new Elysia({ prefix: "/api/admin" })
    .use(sessionGuard(context))
    .delete(
      "/clear-all-data",
      async ({ user }) => {
        // What one click destroys is kept first: a backup the admin can restore with `crm restore`.
        const { file } = await takeBackup(db, defaultBackupFile(context.dataDir, "before-clear"), packageJson.version, { actor: actorOf(user), kind: "before-clear" });
        clearAllCustomerData(db, actorOf(user), path.basename(file));
        return { message: `All account data has been cleared. A backup of it was kept first: ${path.basename(file)}` };
      },
      { adminOnly: true, ...answers(MessageAnswer) },
    )
    .post(
      "/backfill",
      ({ body, set }) => {
        set.status = 202;
        return toBackfillRunJson(context.backfills.start(body.days ?? DEFAULT_BACKFILL_DAYS));
      },
      { adminOnly: true, body: NewBackfillBody, ...answers(BackfillRun, { status: 202, description: "Started; it runs in the background" }) },
    )
    .get("/backfill", () => toLatestBackfillJson(latestBackfill(db)), { adminOnly: true, ...answers(LatestBackfill) });
}
