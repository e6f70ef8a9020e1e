import { Elysia } from "elysia";
import { IdParams } from "../../contracts/common.ts";
import { NewTaskBody, Task, TaskChanges, TaskList, TaskListQuery, TASKS_PATH } from "../../contracts/tasks.ts";
import { actorOf } from "../../core/changes/actor.ts";
import { createTask, deleteTask, listTasks, updateTask } from "../../core/tasks/tasks.ts";
import type { ServerContext } from "../context.ts";
import { toTaskJson } from "../json/task-json.ts";
import { sessionGuard } from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";

export function taskRoutes(context: ServerContext) {
  const { db } = context;
  return new Elysia({ prefix: TASKS_PATH })
    .use(sessionGuard(context))
    .get(
      "/",
      ({ query, set }) => {
        const page = listTasks(db, query);
        set.headers["x-total-count"] = String(page.total);
        return page.tasks.map(toTaskJson);
      },
      { signedIn: true, query: TaskListQuery, ...answers(TaskList, { description: "A page of the matching tasks; X-Total-Count says how many match in all" }) },
    )
    .post(
      "/",
      ({ body, set, user }) => {
        set.status = 201;
        return toTaskJson(createTask(db, body, actorOf(user)));
      },
      { signedIn: true, body: NewTaskBody, ...answers(Task, { status: 201 }) },
    )
    .patch("/:id", ({ params, body, user }) => toTaskJson(updateTask(db, params.id, body, actorOf(user))), {
      signedIn: true,
      params: IdParams,
      body: TaskChanges,
      ...answers(Task),
    })
    .delete(
      "/:id",
      ({ params, set, user }) => {
        deleteTask(db, params.id, actorOf(user));
        set.status = 204;
      },
      { signedIn: true, params: IdParams, ...answers(null, { status: 204, description: "Deleted" }) },
    );
}
