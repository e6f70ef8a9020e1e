import { Elysia } from "elysia";
import { SEARCH_PATH, SearchQuery, SearchResult } from "../../contracts/search.ts";
import { searchAccounts } from "../../core/accounts/account-search.ts";
import type { ServerContext } from "../context.ts";
import { toSearchResultJson } from "../json/search-json.ts";
import { sessionGuard } from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";
import { rememberedJson } from "../json/remembered-json.ts";

export function searchRoutes(context: ServerContext) {
  return new Elysia()
    .use(sessionGuard(context))
    .get(SEARCH_PATH, ({ query, set }) => rememberedJson(context.db, searchAccounts(context.db, query.q ?? ""), toSearchResultJson, set), {
      signedIn: true,
      query: SearchQuery,
      ...answers(SearchResult),
    });
}
