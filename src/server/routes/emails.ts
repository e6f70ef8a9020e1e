import { Elysia } from "elysia";
import { IdParams } from "../../contracts/common.ts";
import { DEFAULT_EMAIL_THREAD_PAGE_SIZE, EmailThread, EmailThreadList, EmailThreadListQuery, FileThreadBody } from "../../contracts/emails.ts";
import { actorOf } from "../../core/changes/actor.ts";
import { listAccountEmailThreads, listUnmatchedEmailThreads, readEmailThread } from "../../core/mail/account-emails.ts";
import { fileThreadUnderAccount } from "../../core/mail/file-thread.ts";
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
    .get(
      "/api/email-threads/unmatched",
      ({ query, set }) => {
        const page = listUnmatchedEmailThreads(db, { limit: query.limit ?? DEFAULT_EMAIL_THREAD_PAGE_SIZE, offset: query.offset });
        set.headers["x-total-count"] = String(page.total);
        return page.threads.map(toEmailThreadSummaryJson);
      },
      {
        signedIn: true,
        query: EmailThreadListQuery,
        ...answers(EmailThreadList, { description: "A page of the threads no account has, newest first, for staff to file; X-Total-Count says how many in all" }),
      },
    )
    .get("/api/email-threads/:id", ({ params }) => toEmailThreadJson(readEmailThread(db, params.id)), {
      signedIn: true,
      params: IdParams,
      ...answers(EmailThread, { description: "A thread's messages, oldest first, each as much as its mailboxes show" }),
    })
    .post(
      "/api/email-threads/:id/account",
      ({ params, body, user }) => {
        fileThreadUnderAccount(db, params.id, body.accountId, actorOf(user));
        return toEmailThreadJson(readEmailThread(db, params.id));
      },
      {
        signedIn: true,
        params: IdParams,
        body: FileThreadBody,
        ...answers(EmailThread, { description: "The thread, now filed under the account: its Emails tab, timeline and Last E-mailed show it" }),
      },
    );
}
