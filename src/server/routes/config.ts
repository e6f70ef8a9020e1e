import { Elysia } from "elysia";
import { AppConfig } from "../../contracts/config.ts";
import { readBranding } from "../../core/settings/branding.ts";
import type { ServerContext } from "../context.ts";
import { answers } from "../openapi/answers.ts";

/** Public: the login screen needs the branding before anybody signs in. */
export function configRoutes(context: ServerContext) {
  return new Elysia().get("/api/config", () => readBranding(context.db, context.env), answers(AppConfig));
}
