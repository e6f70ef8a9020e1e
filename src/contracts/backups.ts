import { t } from "./type-builder.ts";
import { IsoTime, wholeNumberField } from "./common.ts";

/**
 * Backups of the database, administrators only (restoring one is `crm restore`, with the server stopped).
 *   GET    /api/admin/backups                 the backups in DATA_DIR/backups, newest first, and when the last was taken (→ BackupList)
 *   POST   /api/admin/backups                 take one now; answers once it is written (→ 201 Backup; 409 while another is taken)
 *   GET    /api/admin/backups/{name}          the file, as a download (application/gzip)
 *   DELETE /api/admin/backups/{name}          delete it (→ 204)
 *   GET    /api/admin/backup-schedule         the daily backup (→ BackupSchedule)
 *   PUT    /api/admin/backup-schedule         replace it (BackupSchedule → BackupSchedule)
 */

/**
 * Why a backup was taken, which its file name says: by hand (`crm backup`, Back up now), the server's daily
 * one, and those kept automatically before Clear All Data, before a restore and before an upgrade's migrations.
 */
export const BACKUP_KINDS = ["manual", "scheduled", "before-clear", "before-restore", "before-upgrade"] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];

/**
 * A backup's file name: crm-<kind>-<UTC time it began, colons as dashes>Z[-<n>].db.gz, n counting backups
 * begun in the same second. Nothing else is a backup the API serves: no path, no other file of the folder.
 */
export const BACKUP_NAME_PATTERN = `^crm-(${BACKUP_KINDS.join("|")})-(\\d{4}-\\d{2}-\\d{2})T(\\d{2})-(\\d{2})-(\\d{2})Z(?:-[1-9]\\d{0,5})?\\.db\\.gz$`;

export const Backup = t.Object({
  name: t.String({ description: "The file's name in DATA_DIR/backups, e.g. crm-manual-2026-11-28T02-00-00Z.db.gz" }),
  kind: t.Union(BACKUP_KINDS.map((kind) => t.Literal(kind))),
  bytes: t.Integer({ minimum: 0, description: "The compressed file's size" }),
  createdAt: IsoTime,
});
export type Backup = typeof Backup.static;

/** GET /api/admin/backups. */
export const BackupList = t.Object({
  backups: t.Array(Backup, { description: "Newest first" }),
  lastGoodBackupAt: t.Union([IsoTime, t.Null()], {
    description: "When the newest backup of any kind was taken: every file listed was checked whole before it was kept. Null when there is none.",
  }),
});
export type BackupList = typeof BackupList.static;

/** GET /api/admin/backups/{name}: the file itself. */
export const BackupDownload = t.String({ format: "binary", description: "The gzip-compressed SQLite file, with its manifest inside" });

export const BackupNameParams = t.Object({ name: t.String({ minLength: 1, maxLength: 200 }) });

/** How many of the daily backups are kept: the oldest beyond this are deleted after each one. */
export const KEEP_SCHEDULED_BACKUPS = { min: 1, max: 365 } as const;

/** A backup older than this many days is shown as a warning in Settings. */
export const BACKUP_STALE_AFTER_DAYS = 2;

/** The daily backup `crm serve` takes into DATA_DIR/backups. */
export const BackupSchedule = t.Object({
  enabled: t.Boolean(),
  hour: wholeNumberField("hour", 0, 23),
  keep: wholeNumberField("keep", KEEP_SCHEDULED_BACKUPS.min, KEEP_SCHEDULED_BACKUPS.max),
});
export type BackupSchedule = typeof BackupSchedule.static;

export const DEFAULT_BACKUP_SCHEDULE: BackupSchedule = { enabled: true, hour: 2, keep: 14 };
