import { expect, test } from "bun:test";
import { BACKUP_HOUR_OPTIONS, lastBackupStatus } from "./backups";

test("the last backup's time in New York, a warning when there is none or it is more than two days old", () => {
  const now = new Date("2026-11-30T06:00:00Z");
  expect(lastBackupStatus("2026-11-28T07:00:00.000Z", now)).toEqual({ text: "Last backup: 11/28/2026, 2:00 AM", isWarning: false });
  expect(lastBackupStatus("2026-11-28T05:59:00.000Z", now)).toEqual({ text: "Last backup: 11/28/2026, 12:59 AM, more than 2 days ago.", isWarning: true });
  expect(lastBackupStatus(null, now)).toEqual({ text: "No backup has been taken yet.", isWarning: true });
});

test("the hours are offered as people say them", () => {
  expect(BACKUP_HOUR_OPTIONS.map((option) => option.label).slice(0, 3)).toEqual(["12 AM", "1 AM", "2 AM"]);
  expect(BACKUP_HOUR_OPTIONS[12]).toEqual({ value: "12", label: "12 PM" });
  expect(BACKUP_HOUR_OPTIONS[23]).toEqual({ value: "23", label: "11 PM" });
});
