import { Elysia } from "elysia";
import type { ServerContext } from "./context.ts";
import { errorResponses } from "./middleware/errors.ts";
import { originCheck } from "./middleware/origin-check.ts";
import { authRoutes } from "./routes/auth.ts";
import { configRoutes } from "./routes/config.ts";

/** The JSON API: every route under /api. The dashboard's files are served beside it by serve.ts. */
export function createApp(context: ServerContext) {
  return new Elysia({ normalize: true })
    .use(errorResponses)
    .use(originCheck)
    .use(configRoutes(context))
    .use(authRoutes(context));
}

export type CrmApp = ReturnType<typeof createApp>;
