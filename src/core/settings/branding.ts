import type { Branding } from "../../contracts/config.ts";
import type { CrmDatabase } from "../database/open.ts";
import { readSetting } from "./settings.ts";
import { invalid } from "../errors.ts";

const DEFAULT_PRODUCT_NAME = "Supply CRM";
const DEFAULT_COMPANY_NAME = "Supply Co.";

/** What the login screen and the shell show. The environment wins over stored settings, as for every setting. */
export function readBranding(db: CrmDatabase, env: Record<string, string | undefined> = process.env): Branding {
  return {
    productName: env.CRM_PRODUCT_NAME?.trim() || readSetting(db, "productName") || DEFAULT_PRODUCT_NAME,
    companyName: env.CRM_COMPANY_NAME?.trim() || readSetting(db, "companyName") || DEFAULT_COMPANY_NAME,
  };
}

/**
 * What stands between an administrator and an irreversible action (Clear All Data): typing the company name
 * as the dashboard shows it, case and surrounding spaces aside. Anything else is refused naming `confirm`.
 */
export function assertCompanyNameTyped(db: CrmDatabase, typed: string | undefined, env: Record<string, string | undefined> = process.env): void {
  const { companyName } = readBranding(db, env);
  if (typed?.trim().toLowerCase() !== companyName.trim().toLowerCase()) throw invalid("confirm", `Type the company name, ${companyName}, to confirm`);
}
