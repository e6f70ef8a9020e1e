import { Elysia } from "elysia";
import { IdParams } from "../../contracts/common.ts";
import { DEFAULT_EMAIL_THREAD_PAGE_SIZE, EmailThread, EmailThreadList, EmailThreadListQuery } from "../../contracts/emails.ts";
import { listAccountEmailThreads, readEmailThread } from "../../core/mail/account-emails.ts";
import type { ServerContext } from "../context.ts";
import { toEmailThreadJson, toEmailThreadSummaryJson } from "../json/email-json.ts";
import { sessionGuard } from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";

export function emailRoutes(context: ServerContext) {
  const { db } = context;
  return new Elysia()
    .use(sessionGuard(context))
    .get(
      "/api/accounts/:id/emails",
      ({ params, query, set }) => {
        const page = listAccountEmailThreads(db, params.id, { limit: query.limit ?? DEFAULT_EMAIL_THREAD_PAGE_SIZE, offset: query.offset });
        set.headers["x-total-count"] = String(page.total);
        return page.threads.map(toEmailThreadSummaryJson);
      },
      {
        signedIn: true,
        params: IdParams,
        query: EmailThreadListQuery,
        ...answers(EmailThreadList, { description: "A page of the account's e-mail threads, newest first; X-Total-Count says how many it has in all" }),
      },
    )
    .get("/api/email-threads/:id", ({ params }) => toEmailThreadJson(readEmailThread(db, params.id)), {
      signedIn: true,
      params: IdParams,
      ...answers(EmailThread, { description: "A thread's messages, oldest first, each as much as its mailboxes show" }),
    });
}
