import { Elysia } from "elysia";
import { readBranding } from "../../core/settings/branding.ts";
import type { ServerContext } from "../context.ts";

/** Public: the login screen needs the branding before anybody signs in. */
export function configRoutes(context: ServerContext) {
  return new Elysia().get("/api/config", () => readBranding(context.db, context.env));
}
