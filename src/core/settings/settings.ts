import { eq } from "drizzle-orm";
import type { CrmQueries } from "../database/open.ts";
import { settings } from "../database/schema.ts";

/** Setting keys the product knows; nothing else is ever stored. */
export type SettingKey =
  | "productName"
  | "companyName"
  | "defaultLoginEmail"
  | "uploadSigningKey"
  | "shipstationApiKey"
  | "shipstationApiSecret"
  | "shipstationWebhookSecret"
  | "shipstationConnection"
  | "taskAutomation"
  | "roundRobinCursor";

export function readSetting(db: CrmQueries, key: SettingKey): string | undefined {
  return db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).get()?.value;
}

export function writeSetting(db: CrmQueries, key: SettingKey, value: string): void {
  const updatedAt = new Date();
  db.insert(settings)
    .values({ key, value, updatedAt })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt } })
    .run();
}
