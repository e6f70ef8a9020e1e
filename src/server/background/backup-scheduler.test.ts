import { afterEach, beforeEach, expect, test } from "bun:test";
import { saveBackupSchedule } from "../../core/backups/backup-schedule.ts";
import { defaultBackupFile, takeBackup } from "../../core/backups/backup-taking.ts";
import { listBackups } from "../../core/backups/backups.ts";
import { COMMAND_LINE } from "../../core/changes/actor.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { startBackupScheduler, type BackupScheduler } from "./backup-scheduler.ts";

let database: ReturnType<typeof temporaryDatabase>;
let scheduler: BackupScheduler;
let clock: Date;
const logged: string[] = [];
beforeEach(() => {
  database = temporaryDatabase();
  logged.length = 0;
  // Saturday, November 28, 2026, 10 AM in New York: the day's 2 AM backup is due on a first start.
  clock = new Date("2026-11-28T15:00:00Z");
  scheduler = startBackupScheduler(database.db, database.dataDir, { now: () => clock, log: (line) => logged.push(line) });
});
afterEach(async () => {
  await scheduler.stop();
  database.dispose();
});

const listed = () => listBackups(database.dataDir).map((backup) => backup.name);

test("takes the daily backup once the hour has come in New York, once a day, and makes up a day it missed", async () => {
  await scheduler.check();
  expect(listed()).toEqual(["crm-scheduled-2026-11-28T15-00-00Z.db.gz"]);
  await scheduler.check();
  clock = new Date("2026-11-29T06:59:00Z");
  await scheduler.check();
  expect(listed()).toHaveLength(1);
  clock = new Date("2026-11-29T07:00:01Z");
  await scheduler.check();
  // The server was down all of November 30 and comes back on December 1 in the afternoon.
  clock = new Date("2026-12-01T19:30:00Z");
  await scheduler.check();
  expect(listed()).toEqual(["crm-scheduled-2026-12-01T19-30-00Z.db.gz", "crm-scheduled-2026-11-29T07-00-01Z.db.gz", "crm-scheduled-2026-11-28T15-00-00Z.db.gz"]);
  expect(logged.at(-1)).toMatch(/daily backup: crm-scheduled-2026-12-01T19-30-00Z\.db\.gz \(\d+\.\d MB\)$/);
});

test("keeps the newest daily backups the schedule says, and every backup of another kind", async () => {
  saveBackupSchedule(database.db, { enabled: true, hour: 2, keep: 2 });
  takeBackup(database.sqlite, database.dataDir, defaultBackupFile(database.dataDir, "manual", new Date("2026-11-01T12:00:00Z")), "1.0.0", COMMAND_LINE);
  for (const day of ["2026-11-28", "2026-11-29", "2026-11-30"]) {
    clock = new Date(`${day}T08:00:00Z`);
    await scheduler.check();
  }
  expect(listed()).toEqual(["crm-scheduled-2026-11-30T08-00-00Z.db.gz", "crm-scheduled-2026-11-29T08-00-00Z.db.gz", "crm-manual-2026-11-01T12-00-00Z.db.gz"]);
  expect(logged.at(-1)).toEndWith("; deleted the oldest: crm-scheduled-2026-11-28T08-00-00Z.db.gz");
});

test("takes none while the daily backup is off", async () => {
  saveBackupSchedule(database.db, { enabled: false, hour: 2, keep: 14 });
  await scheduler.check();
  expect(listed()).toEqual([]);
});
