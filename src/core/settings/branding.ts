import type { AppConfig } from "../../contracts/config.ts";
import type { CrmDatabase } from "../database/open.ts";
import { readSetting } from "./settings.ts";

const DEFAULT_PRODUCT_NAME = "Supply CRM";
const DEFAULT_COMPANY_NAME = "Supply Co.";

/** What the login screen and the shell show. The environment wins over stored settings, as for every setting. */
export function readBranding(db: CrmDatabase, env: Record<string, string | undefined> = process.env): AppConfig {
  return {
    productName: env.CRM_PRODUCT_NAME?.trim() || readSetting(db, "productName") || DEFAULT_PRODUCT_NAME,
    companyName: env.CRM_COMPANY_NAME?.trim() || readSetting(db, "companyName") || DEFAULT_COMPANY_NAME,
  };
}
