import { Elysia } from "elysia";
import { IdParams, MessageAnswer } from "../../contracts/common.ts";
import { MailboxChanges, MailboxList, MailboxSettings, NewMailboxBody, SYNC_STARTED_MESSAGE } from "../../contracts/mailboxes.ts";
import { actorOf } from "../../core/changes/actor.ts";
import { addMailbox, changeMailbox, listMailboxes, mailboxMessageCounts, removeMailbox } from "../../core/mail/mailbox-settings.ts";
import type { ServerContext } from "../context.ts";
import { toMailboxJson } from "../json/mailbox-json.ts";
import { sessionGuard } from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";

/** Settings → E-mail: the mailboxes the CRM reads, administrators only; their passwords are never sent back. */
export function mailboxRoutes(context: ServerContext) {
  const { db } = context;
  const readingNow = () => ({ messageCounts: mailboxMessageCounts(db), syncing: context.mailSync.isReading() });
  return new Elysia({ prefix: "/api/settings/mailboxes" })
    .use(sessionGuard(context))
    .get("/", () => listMailboxes(db).map((mailbox) => toMailboxJson(mailbox, readingNow())), { adminOnly: true, ...answers(MailboxList) })
    .post(
      "/",
      ({ body, user, set }) => {
        set.status = 201;
        return toMailboxJson(addMailbox(db, body, actorOf(user)), readingNow());
      },
      { adminOnly: true, body: NewMailboxBody, ...answers(MailboxSettings, { status: 201 }) },
    )
    .post(
      "/sync",
      ({ set }) => {
        context.mailSync.syncNow();
        set.status = 202;
        return { message: SYNC_STARTED_MESSAGE };
      },
      {
        adminOnly: true,
        ...answers(MessageAnswer, { status: 202, description: "A reading of every mailbox has begun (or one was under way); each mailbox's lastSyncedAt and lastError say how it went" }),
      },
    )
    .patch("/:id", ({ params, body, user }) => toMailboxJson(changeMailbox(db, params.id, body, actorOf(user)), readingNow()), {
      adminOnly: true,
      params: IdParams,
      body: MailboxChanges,
      ...answers(MailboxSettings),
    })
    .delete(
      "/:id",
      ({ params, user, set }) => {
        removeMailbox(db, params.id, actorOf(user));
        set.status = 204;
      },
      { adminOnly: true, params: IdParams, ...answers(null, { status: 204, description: "Removed; the mail it brought stays" }) },
    );
}
