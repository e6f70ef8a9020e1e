import { BACKUP_STALE_AFTER_DAYS, type BackupKind } from "../../api/backups";
import { formatUsDateTime } from "../../format/dates";

/** Why each backup was taken, in words. */
export const BACKUP_KIND_LABELS: Record<BackupKind, string> = {
  manual: "Manual",
  scheduled: "Daily",
  "before-clear": "Before clearing data",
  "before-restore": "Before restore",
  "before-upgrade": "Before upgrade",
};

/** When the last backup was taken, as the card says it, and whether that calls for attention: none, or none for two days. */
export function lastBackupStatus(lastGoodBackupAt: string | null, now: Date = new Date()): { text: string; isWarning: boolean } {
  if (lastGoodBackupAt === null) return { text: "No backup has been taken yet.", isWarning: true };
  const text = `Last backup: ${formatUsDateTime(lastGoodBackupAt)}`;
  const isStale = now.getTime() - new Date(lastGoodBackupAt).getTime() > BACKUP_STALE_AFTER_DAYS * DAY_MS;
  return isStale ? { text: `${text}, more than ${BACKUP_STALE_AFTER_DAYS} days ago.`, isWarning: true } : { text, isWarning: false };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The hours of the day the daily backup can be taken at, New York time: '12 AM' (midnight) to '11 PM'. */
export const BACKUP_HOUR_OPTIONS = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? "AM" : "PM"}`,
}));
