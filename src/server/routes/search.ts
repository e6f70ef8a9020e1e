import { Elysia, t } from "elysia";
import { searchAccounts } from "../../core/accounts/account-search.ts";
import type { ServerContext } from "../context.ts";
import { rememberedJson } from "../json/remembered-json.ts";
import { sessionGuard } from "../middleware/session.ts";

export function searchRoutes(context: ServerContext) {
  return new Elysia({ prefix: "/api/search" })
    .use(sessionGuard(context))
    .get("/", ({ query, set }) => rememberedJson(searchAccounts(context.db, query.q ?? ""), (accounts) => ({ accounts }), set), {
      signedIn: true,
      query: t.Object({ q: t.Optional(t.String({ maxLength: 200 })) }),
    });
}
