import { t } from "./type-builder.ts";

/**
 * The public configuration: the login screen shows it before anybody signs in.
 *   GET  /api/config  the branding and the e-mail the login form offers (→ AppConfig); no session needed
 */

export const AppConfig = t.Object({
  productName: t.String(),
  companyName: t.String(),
  defaultLoginEmail: t.String({ description: "The first administrator's e-mail, offered on the login form" }),
});
export type AppConfig = typeof AppConfig.static;
