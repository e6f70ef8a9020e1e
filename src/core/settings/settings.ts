import { eq, sql } from "drizzle-orm";
import type { CrmDatabase } from "../database/open.ts";
import { preparedOnce } from "../database/prepared.ts";
import { settings } from "../database/schema.ts";

/** Setting keys the product knows; nothing else is ever stored. */
export type SettingKey =
  | "productName"
  | "companyName"
  | "uploadSigningKey"
  | "signInDeviceKey"
  | "shipstationApiKey"
  | "shipstationApiSecret"
  | "shipstationWebhookSecret"
  | "shipstationV2ApiKey"
  | "shipstationApiGeneration"
  | "shipstationConnection"
  | "shipstationStoreNames"
  | "taskAutomation"
  | "customerLifecycle"
  | "roundRobinCursor"
  | "backupCopies"
  | "backupCopiesStatus"
  | "backupCopiesLastCopy"
  | "backupSchedule"
  | "auditRetention";

/** Settings are read on hot paths (every webhook call reads its secret): a prepared statement each. */
export function readSetting(db: CrmDatabase, key: SettingKey): string | undefined {
  return preparedOnce(db, "readSetting", () =>
    db.select({ value: settings.value }).from(settings).where(eq(settings.key, sql.placeholder("key"))).prepare(),
  ).get({ key })?.value;
}

export function writeSetting(db: CrmDatabase, key: SettingKey, value: string): void {
  const updatedAt = new Date();
  db.insert(settings)
    .values({ key, value, updatedAt })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt } })
    .run();
}

/** The stored value; when there is none yet, `create`'s, stored. Two processes creating one at once both get the first stored. */
export function readOrCreateSetting(db: CrmDatabase, key: SettingKey, create: () => string): string {
  const existing = readSetting(db, key);
  if (existing !== undefined) return existing;
  db.insert(settings).values({ key, value: create(), updatedAt: new Date() }).onConflictDoNothing().run();
  return readSetting(db, key)!;
}
