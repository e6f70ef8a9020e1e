import { Elysia } from "elysia";
import { ActivityEntry, ActivityList, ActivityListQuery, NewActivityBody } from "../../contracts/activity.ts";
import { IdParams } from "../../contracts/common.ts";
import { listAccountTimeline } from "../../core/mail/account-timeline.ts";
import { logActivity } from "../../core/timeline/timeline-entries.ts";
import { actorOf } from "../../core/changes/actor.ts";
import type { ServerContext } from "../context.ts";
import { toActivityJson } from "../json/activity-json.ts";
import { sessionGuard } from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";

export function activityRoutes(context: ServerContext) {
  const { db } = context;
  return new Elysia({ prefix: "/api/accounts/:id/activity" })
    .use(sessionGuard(context))
    .get(
      "/",
      ({ params, query, set }) => {
        const page = listAccountTimeline(db, params.id, query);
        set.headers["x-total-count"] = String(page.total);
        return page.entries.map(toActivityJson);
      },
      {
        signedIn: true,
        params: IdParams,
        query: ActivityListQuery,
        ...answers(ActivityList, { description: "A page of the timeline, newest first, with the e-mail of the account's threads among it; X-Total-Count says how many entries it has in all" }),
      },
    )
    .post(
      "/",
      ({ params, body, set, user }) => {
        set.status = 201;
        return toActivityJson(logActivity(db, params.id, body, actorOf(user)));
      },
      { signedIn: true, params: IdParams, body: NewActivityBody, ...answers(ActivityEntry, { status: 201 }) },
    );
}
