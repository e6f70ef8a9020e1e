import { Elysia, type AnyElysia } from "elysia";
import type { ServerContext } from "../context.ts";
import { sessionGuard } from "../middleware/session.ts";
import { describeApi } from "../openapi/api-description.ts";
import packageJson from "../../../package.json" with { type: "json" };

/** GET /api/openapi.json: the API's description for people who script against it (signed-in users). */
export function openApiRoutes(context: ServerContext, describedApp: () => AnyElysia) {
  let description: ReturnType<typeof describeApi> | undefined;
  return new Elysia().use(sessionGuard(context)).get("/api/openapi.json", () => (description ??= describeApi(describedApp(), packageJson.version)), {
    signedIn: true,
    detail: { hide: true },
  });
}
