import { Elysia } from "elysia";
import { IdParams, MAX_PAGE_SIZE } from "../../contracts/common.ts";
import { RECYCLE_BIN_PATH, RecycleBinList, RecycleBinQuery, RecycleBinRestored } from "../../contracts/recycle-bin.ts";
import { listRecycleBin, restoreFromRecycleBin } from "../../core/recycle-bin/recycle-bin.ts";
import type { ServerContext } from "../context.ts";
import { toRecycleBinEntryJson } from "../json/recycle-bin-json.ts";
import { sessionGuard } from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";

/** The recycle bin API: see src/contracts/recycle-bin.ts. Deleting happens on each record's own route. */
export function recycleBinRoutes(context: ServerContext) {
  const { db } = context;
  return new Elysia({ prefix: RECYCLE_BIN_PATH })
    .use(sessionGuard(context))
    .get(
      "/",
      ({ query, set, user }) => {
        const page = listRecycleBin(db, { limit: query.limit ?? DEFAULT_PAGE_SIZE, offset: query.offset ?? 0 }, user);
        set.headers["x-total-count"] = String(page.total);
        return page.entries.map(toRecycleBinEntryJson);
      },
      { signedIn: true, query: RecycleBinQuery, ...answers(RecycleBinList, { description: "Newest first; X-Total-Count has how many entries there are" }) },
    )
    .post("/:id/restore", ({ params, user }): RecycleBinRestored => restoreFromRecycleBin(db, params.id, user), {
      signedIn: true,
      params: IdParams,
      ...answers(RecycleBinRestored, { description: "Back with its own id; 409 when its account is gone, its id or name is taken, or it is older than 30 days" }),
    });
}

const DEFAULT_PAGE_SIZE = Math.min(50, MAX_PAGE_SIZE);
