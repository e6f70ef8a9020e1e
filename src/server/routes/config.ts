import { Elysia } from "elysia";
import { AppConfig } from "../../contracts/config.ts";
import { readBranding } from "../../core/settings/branding.ts";
import type { ServerContext } from "../context.ts";
import { answers } from "../openapi/answers.ts";

/** Public: the login screen needs the branding, and whether to offer "Forgot password?", before anybody signs in. */
export function configRoutes(context: ServerContext) {
  return new Elysia().get("/api/config", (): AppConfig => ({ ...readBranding(context.db, context.env), sendsEmail: context.mail !== null }), answers(AppConfig));
}
