import { t } from "./type-builder.ts";

/**
 * The public configuration: the login screen shows it before anybody signs in, so it names nobody.
 *   GET  /api/config  the branding (→ AppConfig); no session needed
 */

export const AppConfig = t.Object({
  productName: t.String(),
  companyName: t.String(),
});
export type AppConfig = typeof AppConfig.static;
