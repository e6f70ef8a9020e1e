import { MAIL_SNIPPET_LENGTH } from "../../contracts/mail.ts";
import { EMAIL_CC_MAX_ADDRESSES } from "../../contracts/sent-emails.ts";
import { assertAccountExists } from "../account-basics/account-exists.ts";
import { normalizeCustomerEmail } from "../account-basics/email.ts";
import type { Actor } from "../changes/actor.ts";
import { whenDatabaseFree } from "../database/busy.ts";
import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { CrmDatabase, CrmQueries } from "../database/open.ts";
import { accounts, contacts, mailMessages, mailParticipants, mailThreads } from "../database/schema.ts";
import { conflict, DomainError, invalid, notFound } from "../errors.ts";
import type { OutgoingMail, SentMessage } from "../outgoing-mail/send-mail.ts";
import { isTeamAddress, type TeamAddresses } from "./conversation-rules.ts";
import { teamAddresses } from "./match-accounts.ts";
import type { Participant, ReceivedMessage } from "./received-message.ts";
import { storeSentMessage } from "./store-messages.ts";
import { threadNow } from "./joined-threads.ts";

/**
 * E-mail staff send from an account (docs/design.md, "E-mail sent from an account"): through the one
 * mailer (outgoing-mail/send-mail.ts), then kept at once in the account's Emails tab under the Message-ID
 * the mailer gave it, so that reading the Sent folder later finds it kept. Nothing is kept when the
 * sending fails, and the refusal is said in staff's words; when the server refuses some recipients and takes
 * it for the others, it is kept with those it went to, and the answer names the refused.
 */

/** What answers when no SMTP server is configured: a 409, as the CRM's set-up, not the moment, forbids it. */
export const NO_OUTGOING_MAIL_MESSAGE = "This CRM sends no e-mail: an administrator sets CRM_MAIL_SMTP to send from it";

export interface EmailAddressee {
  address: string;
  name: string;
}

export interface SentAccountEmail {
  threadId: number | null;
  /** The Message-ID header, in angle brackets. */
  messageId: string;
  to: string;
  cc: string[];
  subject: string;
  /** Of `to` and `cc`, those the SMTP server refused while it took the message for the others. */
  refused: string[];
}

/** The account's contacts' e-mails (the primary contact's first), then its own, each once (lower-cased): whom a new message may be to. */
export function accountEmailAddressees(db: CrmQueries, accountId: number): EmailAddressee[] {
  const people = db
    .select({ email: contacts.email, firstName: contacts.firstName, lastName: contacts.lastName })
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), isNotNull(contacts.email)))
    .orderBy(desc(contacts.isPrimary), asc(contacts.id))
    .all()
    .map((contact) => ({ email: contact.email!, name: `${contact.firstName} ${contact.lastName}`.trim() }));
  const account = db.select({ email: accounts.email, name: accounts.name }).from(accounts).where(eq(accounts.id, accountId)).get();
  const addressees = new Map<string, EmailAddressee>();
  for (const row of [...people, ...(account?.email ? [{ email: account.email, name: account.name }] : [])]) {
    const address = normalizeCustomerEmail(row.email);
    if (address && !addressees.has(address)) addressees.set(address, { address, name: row.name });
  }
  return [...addressees.values()];
}

/** A new message from an account to one of its addresses (accountEmailAddressees), copied to `cc`. */
export async function sendAccountEmail(
  db: CrmDatabase,
  mail: OutgoingMail | null,
  input: { accountId: number; to: string; cc?: string; subject: string; text: string },
  actor: Actor,
): Promise<SentAccountEmail> {
  const sender = outgoingMailOrRefusal(mail);
  assertAccountExists(db, input.accountId);
  const address = normalizeCustomerEmail(input.to);
  const to = accountEmailAddressees(db, input.accountId).find((addressee) => addressee.address === address);
  if (!to) throw invalid("to", `to must be the account's e-mail or one of its contacts': ${input.to.trim()}`);
  return deliverAndKeep(db, sender, { accountId: input.accountId, to, cc: ccAddresses(input.cc), subject: input.subject.trim(), text: input.text, inReplyTo: null, references: [] }, actor);
}

/** Whom a reply to a thread goes to and under what subject, and the headers that tie it to the thread. */
export interface ReplyDraft {
  accountId: number;
  to: EmailAddressee;
  subject: string;
  inReplyTo: string;
  references: string[];
}

/**
 * A reply to a thread's latest message: to the person outside the team who wrote it or, when the team
 * wrote it, to whom it went; "Re: " before its subject; In-Reply-To and References set so that the
 * customer's mail program puts it in their conversation. 409 when the thread is filed under no account or
 * has nobody outside the team to answer.
 */
export function replyDraft(db: CrmDatabase, mail: OutgoingMail | null, listedThreadId: number): ReplyDraft {
  const sender = outgoingMailOrRefusal(mail);
  const threadId = threadNow(db, listedThreadId);
  const thread = db.select({ subject: mailThreads.subject, accountId: mailThreads.accountId }).from(mailThreads).where(eq(mailThreads.id, threadId)).get();
  if (!thread) throw notFound("E-mail thread not found");
  if (thread.accountId === null) throw conflict("This thread is filed under no account: link it to an account to reply from the CRM");
  const latest = db
    .select({ id: mailMessages.id, messageId: mailMessages.messageId, subject: mailMessages.subject, references: mailMessages.references })
    .from(mailMessages)
    .where(eq(mailMessages.threadId, threadId))
    .orderBy(desc(mailMessages.sentAt), desc(mailMessages.id))
    .limit(1)
    .get()!;
  const people = db
    .select({ role: mailParticipants.role, address: mailParticipants.address, name: mailParticipants.name })
    .from(mailParticipants)
    .where(eq(mailParticipants.messageId, latest.id))
    .orderBy(sql`rowid`)
    .all();
  const team = sendersTeam(db, sender);
  const outside = people.filter((person) => !isTeamAddress(person.address, team));
  const to = outside.find((person) => person.role === "from") ?? outside.find((person) => person.role === "to") ?? outside[0];
  if (!to) throw conflict("Its latest message has nobody outside the team to reply to");
  const subject = latest.subject.trim() || thread.subject;
  return {
    accountId: thread.accountId,
    to: { address: to.address, name: to.name },
    subject: /^\s*re\s*:/i.test(subject) ? subject : `Re: ${subject}`,
    inReplyTo: latest.messageId,
    references: [...new Set([...latest.references, latest.messageId])],
  };
}

/** Sends the reply replyDraft describes, copied to `cc`. */
export async function replyToEmailThread(db: CrmDatabase, mail: OutgoingMail | null, threadId: number, input: { cc?: string; text: string }, actor: Actor): Promise<SentAccountEmail> {
  const draft = replyDraft(db, mail, threadId);
  return deliverAndKeep(db, outgoingMailOrRefusal(mail), { ...draft, cc: ccAddresses(input.cc), text: input.text }, actor);
}

interface Composed {
  accountId: number;
  to: EmailAddressee;
  cc: string[];
  subject: string;
  text: string;
  inReplyTo: string | null;
  references: string[];
}

async function deliverAndKeep(db: CrmDatabase, mail: OutgoingMail, composed: Composed, actor: Actor): Promise<SentAccountEmail> {
  const { to, cc, subject, text, inReplyTo, references } = composed;
  let sent: SentMessage;
  try {
    sent = await mail.mailer.sendMail({ to: to.address, cc, subject, text, inReplyTo: inReplyTo ?? undefined, references });
  } catch (error) {
    throw sendingRefusal(error, to.address, cc);
  }
  // Kept with the people it went to: one the server refused never got it, and the thread, timeline and audit say so by leaving them out.
  const refused = [to.address, ...cc].filter((address) => sent.refused.includes(address));
  const reached = (address: string) => !refused.includes(address);
  const from = senderOf(mail.settings.from);
  const message: ReceivedMessage = {
    messageId: sent.messageId,
    subject,
    from,
    participants: [
      { role: "from", ...from },
      ...(reached(to.address) ? [{ role: "to" as const, ...to }] : []),
      ...cc.filter(reached).map((address): Participant => ({ role: "cc", address, name: "" })),
    ],
    sentAt: new Date(),
    text,
    html: null,
    snippet: text.replace(/\s+/g, " ").trim().slice(0, MAIL_SNIPPET_LENGTH),
    inReplyTo,
    references,
    bulk: false,
    attachments: [],
  };
  const { threadId } = await whenDatabaseFree(() => storeSentMessage(db, { message, accountId: composed.accountId, team: sendersTeam(db, mail), actor }));
  return { threadId, messageId: sent.messageId, to: to.address, cc, subject, refused };
}

function outgoingMailOrRefusal(mail: OutgoingMail | null): OutgoingMail {
  if (!mail) throw conflict(NO_OUTGOING_MAIL_MESSAGE);
  return mail;
}

/** The team's addresses with the CRM's own sender: replies never go back to it. */
function sendersTeam(db: CrmDatabase, mail: OutgoingMail): TeamAddresses {
  const team = teamAddresses(db);
  return { addresses: new Set([...team.addresses, senderOf(mail.settings.from).address]), domains: team.domains };
}

/** CRM_MAIL_FROM's address and name (`address` or `Name <address>`, mail-settings.ts). */
function senderOf(from: string): { address: string; name: string } {
  const named = /^(.*)<([^<>]+)>\s*$/.exec(from);
  return named ? { address: named[2]!.trim().toLowerCase(), name: named[1]!.trim().replace(/^"|"$/g, "") } : { address: from.trim().toLowerCase(), name: "" };
}

/** Cc as staff type it: addresses separated by commas, semicolons or spaces; each must be an e-mail address. */
function ccAddresses(cc: string | undefined): string[] {
  const typed = (cc ?? "").split(/[\s,;]+/).filter((part) => part !== "");
  const addresses: string[] = [];
  for (const part of typed) {
    const address = normalizeCustomerEmail(part);
    if (address === null) throw invalid("cc", `cc is not a valid e-mail address: ${part}`);
    if (!addresses.includes(address)) addresses.push(address);
  }
  if (addresses.length > EMAIL_CC_MAX_ADDRESSES) throw invalid("cc", `cc may name at most ${EMAIL_CC_MAX_ADDRESSES} addresses`);
  return addresses;
}

/** nodemailer's failure, said for staff: the addressee refused (400 on its field), or the server not reached or not signed in to (503). */
function sendingRefusal(error: unknown, to: string, cc: readonly string[]): DomainError {
  const failure = error as { code?: string; response?: string; message?: string; rejected?: string[] };
  const answer = (failure.response ?? failure.message ?? String(error)).trim();
  const refused = (failure.rejected ?? []).map((address) => address.toLowerCase());
  if (failure.code === "EENVELOPE" && refused.length > 0) {
    const field = refused.includes(to) ? "to" : cc.some((address) => refused.includes(address)) ? "cc" : "to";
    return invalid(field, `The mail server refused ${refused.join(", ")}, and the e-mail was not sent: ${answer}`);
  }
  if (failure.code === "EAUTH") return new DomainError("unavailable", `The e-mail was not sent: the mail server refused the CRM's sign-in (check CRM_MAIL_SMTP's user and password): ${answer}`);
  if (failure.code === "ECONNECTION" || failure.code === "ETIMEDOUT" || failure.code === "ESOCKET" || failure.code === "EDNS") {
    return new DomainError("unavailable", `The e-mail was not sent: the mail server could not be reached (${answer}). Try again later`);
  }
  return new DomainError("unavailable", `The e-mail was not sent: the mail server answered ${answer}`);
}
