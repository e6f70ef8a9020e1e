import { Elysia, t } from "elysia";
import { listActivity, logActivity } from "../../core/activity/activity.ts";
import { actorOf } from "../../core/activity/actor.ts";
import type { ServerContext } from "../context.ts";
import { toActivityJson } from "../json/activity-json.ts";
import { sessionGuard } from "../middleware/session.ts";
import { idParam, pageQuery } from "./params.ts";

export function activityRoutes(context: ServerContext) {
  const { db } = context;
  return new Elysia({ prefix: "/api/accounts/:id/activity" })
    .use(sessionGuard(context))
    .get(
      "/",
      ({ params, query, set }) => {
        const page = listActivity(db, params.id, { limit: query.limit ?? 100, offset: query.offset ?? 0 });
        set.headers["x-total-count"] = String(page.total);
        return page.entries.map(toActivityJson);
      },
      {
        signedIn: true,
        params: idParam,
        query: pageQuery,
      },
    )
    .post(
      "/",
      ({ params, body, set, user }) => {
        set.status = 201;
        return toActivityJson(logActivity(db, params.id, body, actorOf(user)));
      },
      {
        signedIn: true,
        params: idParam,
        body: t.Object({ kind: t.String({ maxLength: 50 }), summary: t.String({ maxLength: 10_000 }), date: t.Optional(t.String({ maxLength: 100 })) }),
      },
    );
}
