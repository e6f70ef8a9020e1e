import { t } from "./type-builder.ts";

/**
 * The public configuration: the login screen shows it before anybody signs in, so it names nobody.
 *   GET  /api/config  the branding, and whether the CRM sends e-mail (→ AppConfig); no session needed
 */

/** The product's and the company's names, as the screens show them. */
export const Branding = t.Object({
  productName: t.String(),
  companyName: t.String(),
});
export type Branding = typeof Branding.static;

export const AppConfig = t.Object({
  ...Branding.properties,
  sendsEmail: t.Boolean({ description: "An SMTP server is configured: invitations and \"Forgot password?\" links go out by e-mail" }),
});
export type AppConfig = typeof AppConfig.static;
