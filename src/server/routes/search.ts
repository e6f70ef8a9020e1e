import { Elysia } from "elysia";
import { SEARCH_PATH, SearchQuery, SearchResult } from "../../contracts/search.ts";
import { searchAccountsCounted } from "../../core/accounts/account-search.ts";
import type { ServerContext } from "../context.ts";
import { toSearchResultJson } from "../json/search-json.ts";
import { sessionGuard } from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";
import { rememberedJson } from "../json/remembered-json.ts";

export function searchRoutes(context: ServerContext) {
  return new Elysia()
    .use(sessionGuard(context))
    .get(SEARCH_PATH, ({ query, set, user }) => rememberedJson(context.db, searchAccountsCounted(context.db, query.q ?? "", { userId: user.id }), toSearchResultJson, set), {
      signedIn: true,
      query: SearchQuery,
      ...answers(SearchResult),
    });
}
