import { AUDIT_RETENTION_CHOICES, type AuditRetention, type AuditRetentionSettings } from "../../contracts/audit.ts";
import type { Actor } from "../changes/actor.ts";
import { announceChange } from "../changes/change-feed.ts";
import type { CrmDatabase } from "../database/open.ts";
import { inTransaction } from "../database/transaction.ts";
import { readSetting, writeSetting } from "../settings/settings.ts";
import { firstIdFrom } from "./audit-trail.ts";

/** Ids follow time to within the moment a writer waits for the lock: the ids looked at reach this far past the cutoff. */
const RETENTION_SLACK_MS = 60 * 60 * 1000;

/** A year as the retention counts it, and as the audit trail's delete trigger does (drizzle/…_audit_log_append_only.sql). */
export const RETENTION_YEAR_MS = 31_556_952_000;

/** How long the audit trail keeps an entry: for ever unless an administrator chose a number of years. */
export function readAuditRetention(db: CrmDatabase): AuditRetentionSettings {
  const stored = readSetting(db, "auditRetention");
  const retention = AUDIT_RETENTION_CHOICES.find((choice) => choice === stored) ?? "forever";
  return { retention };
}

/** Saves the retention; the change is itself in the audit trail, as shortening it lets entries go. */
export function saveAuditRetention(db: CrmDatabase, retention: AuditRetention, actor: Actor): AuditRetentionSettings {
  return inTransaction(db, () => {
    const before = readAuditRetention(db).retention;
    if (before === retention) return { retention };
    writeSetting(db, "auditRetention", retention);
    announceChange(db, { type: "setting_changed", setting: "audit retention", changes: [{ field: "auditRetention", old: describe(before), new: describe(retention) }], actor, at: new Date() });
    return { retention };
  });
}

/**
 * Deletes the entries older than the retention allows, counted back from `now`: none while it is
 * 'forever'. The delete trigger checks each row against the same setting and the database's own clock, so
 * this cannot take more than the setting lets go. Returns how many went.
 */
export function pruneAuditTrail(db: CrmDatabase, now = new Date()): number {
  const { retention } = readAuditRetention(db);
  if (retention === "forever") return 0;
  const cutoff = new Date(now.getTime() - Number(retention) * RETENTION_YEAR_MS);
  // Raw: drizzle's run() on bun:sqlite does not say how many rows went, and returning them all could be
  // millions. The ids bound the rows to look at (there is no index on `at`); `at` decides.
  return inTransaction(db, () => {
    const upTo = firstIdFrom(db, cutoff.getTime() + RETENTION_SLACK_MS);
    return db.$client.run("DELETE FROM audit_log WHERE id < ? AND at < ?", [upTo, cutoff.getTime()]).changes;
  });
}

function describe(retention: AuditRetention): string {
  return retention === "forever" ? "keep forever" : `${retention} ${retention === "1" ? "year" : "years"}`;
}
