import { Elysia, t } from "elysia";
import { actorOf } from "../../core/activity/actor.ts";
import { createTask, deleteTask, listTasks, parseTaskQuery, updateTask } from "../../core/tasks/tasks.ts";
import type { ServerContext } from "../context.ts";
import { toTaskJson } from "../json/task-json.ts";
import { sessionGuard } from "../middleware/session.ts";
import { idParam } from "./params.ts";

const taskFields = {
  title: t.Optional(t.String({ maxLength: 1000 })),
  notes: t.Optional(t.Nullable(t.String({ maxLength: 10_000 }))),
  accountId: t.Optional(t.Nullable(t.Integer({ minimum: 1 }))),
  assigneeId: t.Optional(t.Integer({ minimum: 1 })),
  dueDate: t.Optional(t.String({ maxLength: 20 })),
  status: t.Optional(t.Union([t.Literal("open"), t.Literal("done")])),
};

export function taskRoutes(context: ServerContext) {
  const { db } = context;
  return new Elysia({ prefix: "/api/tasks" })
    .use(sessionGuard(context))
    .get(
      "/",
      ({ query, set }) => {
        const page = listTasks(db, parseTaskQuery(query));
        set.headers["x-total-count"] = String(page.total);
        return page.tasks.map(toTaskJson);
      },
      { signedIn: true, query: t.Record(t.String(), t.String()) },
    )
    .post(
      "/",
      ({ body, set, user }) => {
        set.status = 201;
        return toTaskJson(createTask(db, body, actorOf(user)));
      },
      { signedIn: true, body: t.Object(taskFields) },
    )
    .patch("/:id", ({ params, body, user }) => toTaskJson(updateTask(db, params.id, body, actorOf(user))), { signedIn: true, params: idParam, body: t.Object(taskFields) })
    .delete(
      "/:id",
      ({ params, set, user }) => {
        deleteTask(db, params.id, actorOf(user));
        set.status = 204;
      },
      { signedIn: true, params: idParam },
    );
}
