import { Elysia } from "elysia";
import path from "node:path";
import { Backup, BackupDownload, BackupList, BackupNameParams, BackupSchedule } from "../../contracts/backups.ts";
import { readBackupSchedule, saveBackupSchedule } from "../../core/backups/backup-schedule.ts";
import { announceBackup, backupFile, deleteBackup, listBackups } from "../../core/backups/backups.ts";
import { actorOf } from "../../core/changes/actor.ts";
import type { ServerContext } from "../context.ts";
import { takeServerBackup } from "../background/server-backups.ts";
import { sessionGuard } from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";

/**
 * The backups in DATA_DIR/backups and the daily one's schedule, administrators only: listed, taken now,
 * downloaded, deleted. Restoring one stays a command (`crm restore`), run with the server stopped.
 */
export function backupRoutes(context: ServerContext) {
  const { db, dataDir } = context;
  return new Elysia({ prefix: "/api/admin" })
    .use(sessionGuard(context))
    .get(
      "/backups",
      () => {
        const backups = listBackups(dataDir);
        return { backups, lastGoodBackupAt: backups[0]?.createdAt ?? null };
      },
      { adminOnly: true, ...answers(BackupList) },
    )
    .post(
      "/backups",
      async ({ user, set }) => {
        const { file } = await takeServerBackup(db, dataDir, "manual", actorOf(user));
        set.status = 201;
        return listBackups(dataDir).find((backup) => backup.name === path.basename(file))!;
      },
      { adminOnly: true, ...answers(Backup, { status: 201, description: "Taken, checked and kept; answered once written (409 while another backup is being taken)" }) },
    )
    .get(
      "/backups/:name",
      ({ params }) =>
        // Bun streams the file from disk: a backup of a large database is never read into memory.
        new Response(Bun.file(backupFile(dataDir, params.name)), {
          headers: {
            "content-type": "application/gzip",
            "content-disposition": `attachment; filename="${params.name}"`,
            // The whole database: kept by no cache on the way.
            "cache-control": "no-store",
          },
        }),
      {
        adminOnly: true,
        params: BackupNameParams,
        ...answers(BackupDownload, { contentType: "application/gzip", description: "The backup file, as an attachment: restore it with crm restore" }),
      },
    )
    .delete(
      "/backups/:name",
      async ({ params, set, user }) => {
        const { kind } = listBackups(dataDir).find((backup) => backup.name === params.name) ?? { kind: "unknown" };
        deleteBackup(dataDir, params.name);
        await announceBackup(db, { action: "deleted", kind, file: params.name }, actorOf(user));
        set.status = 204;
      },
      { adminOnly: true, params: BackupNameParams, ...answers(null, { status: 204, description: "Deleted" }) },
    )
    .get("/backup-schedule", () => readBackupSchedule(db), { adminOnly: true, ...answers(BackupSchedule) })
    .put(
      "/backup-schedule",
      ({ body }) => {
        const saved = saveBackupSchedule(db, body);
        // The next look is timed from the new hour; an hour already past today, with no daily backup since,
        // takes it now, as a start would.
        void context.dailyBackups.check();
        return saved;
      },
      { adminOnly: true, body: BackupSchedule, ...answers(BackupSchedule) },
    );
}
