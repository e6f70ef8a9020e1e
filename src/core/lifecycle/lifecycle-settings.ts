import { eq } from "drizzle-orm";
import type { CrmDatabase } from "../database/open.ts";
import { settings } from "../database/schema.ts";
import { invalid } from "../errors.ts";
import { announceChange } from "../changes/change-feed.ts";
import type { Actor } from "../changes/actor.ts";
import { settingChanges } from "../changes/field-changes.ts";
import { inTransaction } from "../database/transaction.ts";
import { writeSetting } from "../settings/settings.ts";
import { LIFECYCLE_DAYS_LIMITS, type CustomerLifecycleSettings } from "../../contracts/settings.ts";
import { formatCount } from "../../contracts/counts.ts";

/**
 * The customer lifecycle: which built-in list order activity puts an account in, as New York calendar
 * days (its limits are in the settings contract).
 *   New: first order within the last `newWithinDays` days (or no order at all: added by hand);
 *   Active: otherwise, an order within the last `activeWithinDays` days;
 *   Legacy: otherwise.
 */
const DEFAULT_CUSTOMER_LIFECYCLE: CustomerLifecycleSettings = { newWithinDays: 30, activeWithinDays: 180 };

/**
 * What a built-in list holds, in the words of its rule with today's windows ('No order in the last 180
 * days'): staff read it on the Lists screen, and it changes when the windows do. Null for a custom list.
 */
export function lifecycleListRule(key: string, lifecycle: CustomerLifecycleSettings): string | null {
  // An account added by hand has no order yet, and is new until it has one.
  if (key === "new") return `First order within the last ${days(lifecycle.newWithinDays)}, or no order yet`;
  if (key === "active") return `An order within the last ${days(lifecycle.activeWithinDays)}`;
  if (key === "legacy") return `No order in the last ${days(lifecycle.activeWithinDays)}`;
  return null;
}

function days(count: number): string {
  return count === 1 ? "day" : `${formatCount(count)} days`;
}

/**
 * The New and Active windows. Remembered until the data changes, as every account answer asks for its New
 * badge; read afresh inside a transaction (answer-cache.ts), where accounts read say whether they are new.
 */
export function readCustomerLifecycle(db: CrmDatabase): CustomerLifecycleSettings {
  return db.answers.remember("customerLifecycle", () => {
    const stored = db.select({ value: settings.value }).from(settings).where(eq(settings.key, "customerLifecycle")).get()?.value;
    return stored ? { ...DEFAULT_CUSTOMER_LIFECYCLE, ...(JSON.parse(stored) as Partial<CustomerLifecycleSettings>) } : DEFAULT_CUSTOMER_LIFECYCLE;
  });
}

/** Checks and stores the windows: whole days within their limits, the Active window longer than the New one. */
export function saveCustomerLifecycle(db: CrmDatabase, input: CustomerLifecycleSettings, actor: Actor): CustomerLifecycleSettings {
  const settings: CustomerLifecycleSettings = {
    newWithinDays: wholeDays("newWithinDays", input.newWithinDays),
    activeWithinDays: wholeDays("activeWithinDays", input.activeWithinDays),
  };
  if (settings.activeWithinDays <= settings.newWithinDays) {
    throw invalid("activeWithinDays", "activeWithinDays must be more days than newWithinDays");
  }
  inTransaction(db, () => {
    const before = readCustomerLifecycle(db);
    writeSetting(db, "customerLifecycle", JSON.stringify(settings));
    announceChange(db, { type: "setting_changed", setting: "customer lifecycle", changes: settingChanges("customerLifecycle", before, settings), actor, at: new Date() });
  });
  return settings;
}

function wholeDays(field: keyof CustomerLifecycleSettings, value: unknown): number {
  const { min, max } = LIFECYCLE_DAYS_LIMITS[field];
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(field, `${field} must be a whole number of days from ${min} to ${formatCount(max)}`);
  }
  return value;
}
