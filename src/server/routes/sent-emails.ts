import { Elysia } from "elysia";
import { IdParams } from "../../contracts/common.ts";
import { EmailReplyBody, NewEmailBody, ReplyDraft, SentEmail } from "../../contracts/sent-emails.ts";
import { actorOf } from "../../core/changes/actor.ts";
import { replyDraft, replyToEmailThread, sendAccountEmail } from "../../core/mail/send-email.ts";
import { createSendingAllowance } from "../../core/mail/sending-allowance.ts";
import type { ServerContext } from "../context.ts";
import { sessionGuard } from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";

/** E-mail staff send from an account and replies to its threads, through the CRM's SMTP server (contracts/sent-emails.ts). */
export function sentEmailRoutes(context: ServerContext) {
  const { db } = context;
  const allowance = createSendingAllowance();
  return new Elysia()
    .use(sessionGuard(context))
    .post(
      "/api/accounts/:id/emails",
      async ({ params, body, user, set }) => {
        if (context.mail) allowance.take(user.id);
        const sent = await sendAccountEmail(db, context.mail, { accountId: params.id, ...body }, actorOf(user));
        set.status = 201;
        return sent;
      },
      { signedIn: true, params: IdParams, body: NewEmailBody, ...answers(SentEmail, { status: 201, description: "Sent, and kept in the account's Emails tab" }) },
    )
    .get(
      "/api/email-threads/:id/reply",
      ({ params }) => {
        const { to, subject } = replyDraft(db, context.mail, params.id);
        return { to, subject };
      },
      { signedIn: true, params: IdParams, ...answers(ReplyDraft, { description: "Whom a reply goes to, and its subject" }) },
    )
    .post(
      "/api/email-threads/:id/replies",
      async ({ params, body, user, set }) => {
        if (context.mail) allowance.take(user.id);
        const sent = await replyToEmailThread(db, context.mail, params.id, body, actorOf(user));
        set.status = 201;
        return sent;
      },
      { signedIn: true, params: IdParams, body: EmailReplyBody, ...answers(SentEmail, { status: 201, description: "Sent, and kept in the thread" }) },
    );
}
