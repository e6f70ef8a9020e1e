import { eq } from "drizzle-orm";
import type { CrmDatabase } from "../database/open.ts";
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
  | "shipstationConnection";

export function readSetting(db: CrmDatabase, key: SettingKey): string | undefined {
  return db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).get()?.value;
}

export function writeSetting(db: CrmDatabase, key: SettingKey, value: string): void {
  const updatedAt = new Date();
  db.insert(settings)
    .values({ key, value, updatedAt })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt } })
    .run();
}
