import { eq } from "drizzle-orm";
import type { CrmDatabase } from "../database/open.ts";
import { settings } from "../database/schema.ts";
import { invalid } from "../errors.ts";
import { writeSetting } from "../settings/settings.ts";
import { addDays, BUSINESS_TIME_ZONE, businessToday } from "../time/business-calendar.ts";
import { wallClockToUtc } from "../time/wall-clock.ts";
import { DEFAULT_BACKUP_SCHEDULE, KEEP_SCHEDULED_BACKUPS, type BackupSchedule } from "../../contracts/backups.ts";

/** The daily backup `crm serve` takes, as an administrator set it (or the defaults: on, 2 AM New York time, 14 kept). */
export function readBackupSchedule(db: CrmDatabase): BackupSchedule {
  const stored = db.select({ value: settings.value }).from(settings).where(eq(settings.key, "backupSchedule")).get()?.value;
  return stored ? { ...DEFAULT_BACKUP_SCHEDULE, ...(JSON.parse(stored) as Partial<BackupSchedule>) } : DEFAULT_BACKUP_SCHEDULE;
}

/** Checks and stores the schedule: an hour of the day, and how many daily backups are kept. */
export function saveBackupSchedule(db: CrmDatabase, input: BackupSchedule): BackupSchedule {
  const schedule: BackupSchedule = {
    enabled: input.enabled === true,
    hour: wholeNumber("hour", input.hour, 0, 23),
    keep: wholeNumber("keep", input.keep, KEEP_SCHEDULED_BACKUPS.min, KEEP_SCHEDULED_BACKUPS.max),
  };
  writeSetting(db, "backupSchedule", JSON.stringify(schedule));
  return schedule;
}

function wholeNumber(field: string, value: unknown, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) throw invalid(field, `${field} must be a whole number from ${min} to ${max}`);
  return value;
}

/** The instant of the scheduled hour on a New York calendar date. */
function scheduledHourOn(date: string, hour: number): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return wallClockToUtc({ year, month, day, hour }, BUSINESS_TIME_ZONE);
}

/** The last time the scheduled hour came, at or before `now`: today's in New York, or yesterday's when today's is still to come. */
function lastScheduledHour(now: Date, hour: number): Date {
  const today = businessToday(now);
  const todays = scheduledHourOn(today, hour);
  return todays.getTime() <= now.getTime() ? todays : scheduledHourOn(addDays(today, -1), hour);
}

/**
 * Whether the daily backup is due: it is on, and none has been taken since the scheduled hour last came. A
 * day the server was down at that hour is made up when it next starts; a first start takes one at once.
 */
export function isScheduledBackupDue(now: Date, lastScheduledBackupAt: Date | null, schedule: BackupSchedule): boolean {
  if (!schedule.enabled) return false;
  return lastScheduledBackupAt === null || lastScheduledBackupAt.getTime() < lastScheduledHour(now, schedule.hour).getTime();
}

/** When the scheduled hour next comes after `now`. */
export function nextScheduledHour(now: Date, schedule: BackupSchedule): Date {
  return scheduledHourOn(addDays(businessToday(lastScheduledHour(now, schedule.hour)), 1), schedule.hour);
}
