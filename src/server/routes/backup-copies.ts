import { Elysia } from "elysia";
import { BackupCopiesSettings, BackupCopiesTarget } from "../../contracts/backup-copies.ts";
import { checkBackupCopiesConnection, describeBackupCopies, saveBackupCopiesTarget, stopBackupCopies } from "../../core/backups/backup-copies.ts";
import type { ServerContext } from "../context.ts";
import { sessionGuard } from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";

/** Where backups are copied off the machine: administrators only, as the backups themselves are. */
export function backupCopiesRoutes(context: ServerContext) {
  const { db } = context;
  return new Elysia({ prefix: "/api/settings/backup-copies" })
    .use(sessionGuard(context))
    .get("/", () => describeBackupCopies(db), { adminOnly: true, ...answers(BackupCopiesSettings) })
    .put("/", ({ body }) => saveBackupCopiesTarget(db, body), { adminOnly: true, body: BackupCopiesTarget, ...answers(BackupCopiesSettings) })
    .delete("/", () => stopBackupCopies(db), { adminOnly: true, ...answers(BackupCopiesSettings) })
    .post("/test", () => checkBackupCopiesConnection(db), { adminOnly: true, ...answers(BackupCopiesSettings) });
}
