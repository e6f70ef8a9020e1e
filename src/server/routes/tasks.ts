import { Elysia, t } from "elysia";
import { actorOf } from "../../core/activity/actor.ts";
import { invalid } from "../../core/errors.ts";
import { createTask, deleteTask, DUE_FILTERS, listTasks, tasksNeedingAttention, updateTask, type DueFilter } from "../../core/tasks/tasks.ts";
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
        if (query.due !== undefined && !DUE_FILTERS.includes(query.due as DueFilter)) throw invalid("due", `due must be one of ${DUE_FILTERS.join(", ")}`);
        if (query.status !== undefined && !["open", "done", "all"].includes(query.status)) throw invalid("status", "status must be one of open, done, all");
        const found = listTasks(db, {
          assigneeId: query.assigneeId,
          accountId: query.accountId,
          due: query.due as DueFilter | undefined,
          status: query.status as "open" | "done" | "all" | undefined,
        });
        set.headers["x-total-count"] = String(found.total);
        return found.tasks.map(toTaskJson);
      },
      {
        signedIn: true,
        query: t.Object({
          assigneeId: t.Optional(t.Numeric({ minimum: 1 })),
          accountId: t.Optional(t.Numeric({ minimum: 1 })),
          due: t.Optional(t.String({ maxLength: 20 })),
          status: t.Optional(t.String({ maxLength: 20 })),
        }),
      },
    )
    .get(
      "/attention",
      ({ user }) => {
        const tasks = tasksNeedingAttention(db, user.id).map(toTaskJson);
        return { count: tasks.length, tasks };
      },
      { signedIn: true },
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
