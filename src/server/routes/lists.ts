import { Elysia, t } from "elysia";
import { actorOf } from "../../core/activity/actor.ts";
import { bulkAssignList } from "../../core/lists/bulk-assign.ts";
import { createList, deleteList, summarizeLists, updateList } from "../../core/lists/lists.ts";
import type { ServerContext } from "../context.ts";
import { toListJson, toListSummaryJson } from "../json/list-json.ts";
import { sessionGuard } from "../middleware/session.ts";

const listFields = { name: t.Optional(t.String({ maxLength: 1000 })), description: t.Optional(t.Nullable(t.String({ maxLength: 5000 }))) };

export function listRoutes(context: ServerContext) {
  const { db } = context;
  return new Elysia({ prefix: "/api" })
    .use(sessionGuard(context))
    .get("/lists", ({ query }) => summarizeLists(db, query).map(toListSummaryJson), {
      signedIn: true,
      query: t.Object({ from: t.Optional(t.String({ maxLength: 20 })), to: t.Optional(t.String({ maxLength: 20 })) }),
    })
    .post(
      "/lists",
      ({ body, set }) => {
        set.status = 201;
        return toListJson(createList(db, body));
      },
      { signedIn: true, body: t.Object(listFields) },
    )
    .patch("/lists/:key", ({ params, body }) => toListJson(updateList(db, params.key, body)), { signedIn: true, body: t.Object(listFields) })
    .delete("/lists/:key", ({ params, user }) => deleteList(db, params.key, actorOf(user)), { signedIn: true })
    .post("/accounts/bulk-assign-list", ({ body, user }) => bulkAssignList(db, body, actorOf(user)), {
      signedIn: true,
      // The 50,000 limit is checked in the core so that its message names it; this bound only stops absurd bodies.
      body: t.Object({ emails: t.Array(t.String({ maxLength: 1000 }), { maxItems: 1_000_000 }), listType: t.String({ maxLength: 100 }) }),
    });
}
