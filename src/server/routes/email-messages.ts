import { Elysia } from "elysia";
import { IdParams } from "../../contracts/common.ts";
import { EmailMessagePage, EmailMessagePageQuery } from "../../contracts/emails.ts";
import { messagePage } from "../../core/mail/message-page.ts";
import type { ServerContext } from "../context.ts";
import { sessionGuard } from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";

/**
 * The policy of a message's page, in place of the dashboard's (security-headers.ts): its own inline styles
 * apply (the sender's, and the page's <style>), nothing else loads but images carried in the message and, once
 * staff ask, https ones; no script runs even when the page is opened by its address (`sandbox`), links open
 * in a new tab rather than in the frame, and only the dashboard may frame it.
 */
export function messagePagePolicy(remoteImages: boolean): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `img-src data:${remoteImages ? " https:" : ""}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
    "sandbox allow-same-origin allow-popups allow-popups-to-escape-sandbox",
  ].join("; ");
}

/** A received message's HTML as a page of its own, shown in the thread dialog's frame (contracts/emails.ts). */
export function emailMessageRoutes(context: ServerContext) {
  const { db } = context;
  return new Elysia().use(sessionGuard(context)).get(
    "/api/email-messages/:id/html",
    ({ params, query, set }) => {
      const remoteImages = query.images === "remote";
      const page = messagePage(db, params.id, { remoteImages });
      Object.assign(set.headers, {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": messagePagePolicy(remoteImages),
        // The sender's image host learns nothing of the CRM's addresses.
        "referrer-policy": "no-referrer",
        // Framed by the dashboard alone, for browsers that predate frame-ancestors.
        "x-frame-options": "SAMEORIGIN",
        // Customer mail: kept by no cache on the way, nor by the browser.
        "cache-control": "private, no-store",
      });
      return page;
    },
    {
      signedIn: true,
      params: IdParams,
      query: EmailMessagePageQuery,
      ...answers(EmailMessagePage, {
        contentType: "text/html",
        description: "The message's sanitised HTML as a page, under its own policy; 404 when its mailboxes do not show the message or it has no HTML",
      }),
    },
  );
}
