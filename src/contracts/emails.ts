import { t } from "./type-builder.ts";
import { IsoTime, oneOf, pageQuery, recordIdField } from "./common.ts";
import { MAIL_PARTICIPANT_ROLES, MAIL_VISIBILITIES } from "./mail.ts";

/**
 * An account's e-mail, read from the team's mailboxes (core/mail/), for the Emails tab:
 *   GET  /api/accounts/{id}/emails   its threads, newest first (EmailThreadListQuery → EmailThreadSummary[], X-Total-Count)
 *   GET  /api/email-threads/{id}     a thread's messages, oldest first (→ EmailThread)
 *   GET  /api/email-threads/unmatched   the threads no account has, newest first (EmailThreadListQuery → EmailThreadSummary[], X-Total-Count)
 *   POST /api/email-threads/{id}/account   file a thread under an account (FileThreadBody → EmailThread; 404 no thread, 400 no account)
 *   GET  /api/email-messages/{id}/html   a message's HTML as a page of its own, for the thread's frame (EmailMessagePageQuery → EmailMessagePage)
 * Each message shows as much as the most open mailbox holding it allows: a subject, text or attachments it
 * may not show are null, and its HTML page answers 404. The HTML is sanitised, its remote images blocked,
 * and its page sent under a policy of its own that runs nothing and loads nothing but images carried in the
 * message (and https ones with ?images=remote). An attachment's file is downloaded by its id
 * (contracts/email-attachments.ts).
 */

/** When the caller does not say how many. */
export const DEFAULT_EMAIL_THREAD_PAGE_SIZE = 50;

export const EmailThreadListQuery = t.Object(pageQuery());
export type EmailThreadListQuery = typeof EmailThreadListQuery.static;

const EmailPerson = t.Object({ address: t.String(), name: t.String({ description: "As the message gave it; empty when it gave none" }) });

export const EmailThreadSummary = t.Object({
  id: t.Integer(),
  subject: t.Union([t.String(), t.Null()], { description: "Null when its mailboxes show metadata only" }),
  participants: t.Array(EmailPerson),
  snippet: t.Union([t.String(), t.Null()], { description: "The start of its latest message, when that message shows everything" }),
  lastMessageAt: IsoTime,
  messageCount: t.Integer(),
  attachmentCount: t.Integer({ description: "Of the messages that show everything" }),
});
export type EmailThreadSummary = typeof EmailThreadSummary.static;

export const EmailThreadList = t.Array(EmailThreadSummary);

export const EmailMessage = t.Object({
  id: t.Integer(),
  visibility: oneOf("visibility", MAIL_VISIBILITIES, "What its mailboxes show: metadata, subject or everything"),
  from: EmailPerson,
  participants: t.Array(t.Object({ role: oneOf("role", MAIL_PARTICIPANT_ROLES), address: t.String(), name: t.String() })),
  sentAt: IsoTime,
  subject: t.Union([t.String(), t.Null()]),
  text: t.Union([t.String(), t.Null()]),
  hasHtml: t.Boolean({ description: "Whether it shows HTML, a page of its own: GET /api/email-messages/{id}/html" }),
  hasRemoteImages: t.Boolean({ description: "Whether that HTML has images from the web, hidden until asked for with ?images=remote" }),
  attachments: t.Union([t.Array(t.Object({ id: t.Integer(), filename: t.String(), contentType: t.String(), size: t.Integer({ description: "Bytes" }) })), t.Null()]),
});
export type EmailMessage = typeof EmailMessage.static;

export const EmailThread = t.Object({
  id: t.Integer(),
  subject: t.Union([t.String(), t.Null()]),
  accountId: t.Union([t.Integer(), t.Null()], { description: "The account it is filed under" }),
  messages: t.Array(EmailMessage),
});
export type EmailThread = typeof EmailThread.static;

/** The images a message's page shows: those carried in the message, and with `remote` its https ones too ("Load images"). */
export const EMAIL_MESSAGE_IMAGES = ["remote"] as const;

export const EmailMessagePageQuery = t.Object({ images: t.Optional(oneOf("images", EMAIL_MESSAGE_IMAGES, "remote: show its https images too")) });
export type EmailMessagePageQuery = typeof EmailMessagePageQuery.static;

export const EmailMessagePage = t.String({ description: "An HTML document: the message's sanitised HTML, under its own Content-Security-Policy (sandboxed, no script, inline styles only)" });

/** POST /api/email-threads/{id}/account: the account staff file the thread under. */
export const FileThreadBody = t.Object({ accountId: recordIdField("accountId") });
export type FileThreadBody = typeof FileThreadBody.static;
