import { Elysia } from "elysia";
import {
  BULK_ASSIGN_LIST_PATH,
  BulkAssignBody,
  BulkAssignResult,
  ListChanges,
  ListDefinition,
  ListDeletion,
  ListKeyParams,
  LISTS_PATH,
  ListSummaries,
  ListSummaryQuery,
  NewListBody,
} from "../../contracts/lists.ts";
import { actorOf } from "../../core/changes/actor.ts";
import { bulkAssignList } from "../../core/lists/bulk-assign.ts";
import { createList, deleteList, summarizeLists, updateList } from "../../core/lists/lists.ts";
import type { ServerContext } from "../context.ts";
import { toListJson, toListSummaryJson } from "../json/list-json.ts";
import { sessionGuard } from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";

export function listRoutes(context: ServerContext) {
  const { db } = context;
  return new Elysia()
    .use(sessionGuard(context))
    .get(LISTS_PATH, ({ query }) => summarizeLists(db, query).map(toListSummaryJson), {
      signedIn: true,
      query: ListSummaryQuery,
      ...answers(ListSummaries),
    })
    .post(
      LISTS_PATH,
      ({ body, set, user }) => {
        set.status = 201;
        return toListJson(createList(db, body, actorOf(user)));
      },
      { signedIn: true, body: NewListBody, ...answers(ListDefinition, { status: 201 }) },
    )
    .patch(`${LISTS_PATH}/:key`, ({ params, body, user }) => toListJson(updateList(db, params.key, body, actorOf(user))), {
      signedIn: true,
      params: ListKeyParams,
      body: ListChanges,
      ...answers(ListDefinition),
    })
    .delete(`${LISTS_PATH}/:key`, ({ params, user }) => deleteList(db, params.key, actorOf(user)), {
      signedIn: true,
      params: ListKeyParams,
      ...answers(ListDeletion),
    })
    .post(BULK_ASSIGN_LIST_PATH, ({ body, user }) => bulkAssignList(db, body, actorOf(user)), {
      signedIn: true,
      body: BulkAssignBody,
      ...answers(BulkAssignResult),
    });
}
