import { t } from "./type-builder.ts";
import { customerEmail, requiredText, SHORT_TEXT_MAX_LENGTH } from "./common.ts";

/**
 * E-mail staff send from an account through the CRM's SMTP server (CRM_MAIL_SMTP), kept at once in the
 * account's Emails tab (core/mail/send-email.ts):
 *   POST /api/accounts/{id}/emails         a new message to one of the account's addresses (NewEmailBody → SentEmail, 201)
 *   GET  /api/email-threads/{id}/reply     whom a reply goes to, and its subject (→ ReplyDraft)
 *   POST /api/email-threads/{id}/replies   a reply to the thread's latest message: to whoever outside the team
 *                                          wrote it, or to whom the team's went (EmailReplyBody → SentEmail, 201)
 * 409 when the CRM sends no e-mail (no CRM_MAIL_SMTP) or the thread is filed under no account; 503 when the
 * SMTP server cannot be reached or refuses the CRM's sign-in; 400 naming `to` or `cc` when it refuses every
 * addressee; 429 past a person's allowance (core/mail/sending-allowance.ts:
 * 30 in 10 minutes). A failed sending keeps nothing. When it refuses some and takes the others, the message is
 * sent and kept with those it went to, and `refused` names the others.
 */

/** A message's text: a long letter fits, a paste of a whole mailbox does not. */
export const EMAIL_TEXT_MAX_LENGTH = 50_000;
/** Cc: addresses separated by commas, semicolons or spaces. */
export const EMAIL_CC_MAX_LENGTH = 1_000;
export const EMAIL_CC_MAX_ADDRESSES = 10;

const cc = t.Optional(
  t.String({ maxLength: EMAIL_CC_MAX_LENGTH, description: `Up to ${EMAIL_CC_MAX_ADDRESSES} e-mail addresses copied, separated by commas; empty for none` }),
);
const text = requiredText(EMAIL_TEXT_MAX_LENGTH, "Plain text");

export const NewEmailBody = t.Object({
  /** The account's own e-mail or one of its contacts'. */
  to: customerEmail("to"),
  cc,
  subject: requiredText(SHORT_TEXT_MAX_LENGTH),
  text,
});
export type NewEmailBody = typeof NewEmailBody.static;

export const EmailReplyBody = t.Object({ cc, text });
export type EmailReplyBody = typeof EmailReplyBody.static;

export const ReplyDraft = t.Object({
  to: t.Object({ address: t.String(), name: t.String({ description: "As the thread gave it; empty when it gave none" }) }),
  subject: t.String(),
});
export type ReplyDraft = typeof ReplyDraft.static;

export const SentEmail = t.Object({
  threadId: t.Union([t.Integer(), t.Null()], { description: "The thread it is kept in" }),
  messageId: t.String({ description: "Its Message-ID header, in angle brackets" }),
  to: t.String(),
  cc: t.Array(t.String()),
  subject: t.String(),
  refused: t.Array(t.String(), {
    description: "Of to and cc, those the SMTP server refused while it took the message for the others: they did not get it, and it is kept without them",
  }),
});
export type SentEmail = typeof SentEmail.static;
