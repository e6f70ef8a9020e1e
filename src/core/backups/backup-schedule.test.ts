import { describe, expect, test } from "bun:test";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { DEFAULT_BACKUP_SCHEDULE } from "../../contracts/backups.ts";
import { isScheduledBackupDue, nextScheduledHour, readBackupSchedule, saveBackupSchedule } from "./backup-schedule.ts";

const at = (iso: string) => new Date(iso);
// 2 AM in New York is 07:00 UTC in winter (EST) and 06:00 UTC in summer (EDT).
const daily = DEFAULT_BACKUP_SCHEDULE;

describe("whether the daily backup is due", () => {
  test("once the hour has come in New York and none was taken since", () => {
    expect(isScheduledBackupDue(at("2026-11-28T06:59:59Z"), at("2026-11-27T07:00:05Z"), daily)).toBe(false);
    expect(isScheduledBackupDue(at("2026-11-28T07:00:00Z"), at("2026-11-27T07:00:05Z"), daily)).toBe(true);
    expect(isScheduledBackupDue(at("2026-11-28T07:00:30Z"), at("2026-11-28T07:00:00Z"), daily)).toBe(false);
    expect(isScheduledBackupDue(at("2026-07-04T06:00:00Z"), at("2026-07-03T06:00:01Z"), daily)).toBe(true);
    expect(isScheduledBackupDue(at("2026-07-04T05:59:00Z"), at("2026-07-03T06:00:01Z"), daily)).toBe(false);
  });

  test("a day the server was down at the hour is made up when it next looks; a first start takes one at once", () => {
    expect(isScheduledBackupDue(at("2026-11-28T15:00:00Z"), at("2026-11-25T07:00:00Z"), daily)).toBe(true);
    expect(isScheduledBackupDue(at("2026-11-28T03:00:00Z"), null, daily)).toBe(true);
  });

  test("never when the daily backup is off", () => {
    expect(isScheduledBackupDue(at("2026-11-28T15:00:00Z"), null, { ...daily, enabled: false })).toBe(false);
  });

  test("the hour is New York's, across the changes of daylight-saving time", () => {
    const at11pm = { ...daily, hour: 23 };
    expect(nextScheduledHour(at("2026-11-28T12:00:00Z"), daily)).toEqual(at("2026-11-29T07:00:00Z"));
    expect(nextScheduledHour(at("2026-11-28T03:00:00Z"), daily)).toEqual(at("2026-11-28T07:00:00Z"));
    // 11 PM on Saturday, November 28 in New York is 04:00 UTC on Sunday.
    expect(nextScheduledHour(at("2026-11-28T12:00:00Z"), at11pm)).toEqual(at("2026-11-29T04:00:00Z"));
    // Clocks go back on November 1, 2026: 2 AM that day is EST.
    expect(nextScheduledHour(at("2026-10-31T12:00:00Z"), daily)).toEqual(at("2026-11-01T07:00:00Z"));
    expect(nextScheduledHour(at("2026-03-07T12:00:00Z"), { ...daily, hour: 1 })).toEqual(at("2026-03-08T06:00:00Z"));
  });
});

test("the schedule is stored as a setting, checked, with the defaults until an administrator changes it", () => {
  const database = temporaryDatabase();
  try {
    expect(readBackupSchedule(database.db)).toEqual({ enabled: true, hour: 2, keep: 14 });
    expect(saveBackupSchedule(database.db, { enabled: false, hour: 23, keep: 30 })).toEqual({ enabled: false, hour: 23, keep: 30 });
    expect(readBackupSchedule(database.db)).toEqual({ enabled: false, hour: 23, keep: 30 });
    expect(() => saveBackupSchedule(database.db, { enabled: true, hour: 24, keep: 30 })).toThrow("hour must be a whole number from 0 to 23");
    expect(() => saveBackupSchedule(database.db, { enabled: true, hour: 2, keep: 0 })).toThrow("keep must be a whole number from 1 to 365");
  } finally {
    database.dispose();
  }
});
