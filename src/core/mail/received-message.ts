import { createHash } from "node:crypto";
import PostalMime, { type Address } from "postal-mime";
import { MAIL_SNIPPET_LENGTH, type MailParticipantRole } from "../../contracts/mail.ts";
import { normalizeCustomerEmail } from "../account-basics/email.ts";
import { isBulkMail } from "./conversation-rules.ts";
import { safeMessageHtml, textOfHtml } from "./safe-html.ts";

export interface Participant {
  role: MailParticipantRole;
  /** Lower-cased. */
  address: string;
  name: string;
}

export interface ReceivedAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/** A message as the CRM keeps it, read from its raw source by postal-mime (MIME, encodings, character sets). */
export interface ReceivedMessage {
  /** In angle brackets, as References name it; made from a hash of the source when the message has none. */
  messageId: string;
  subject: string;
  from: { address: string; name: string } | null;
  participants: Participant[];
  sentAt: Date;
  text: string;
  /** Made safe (safe-html.ts); null when the message has no HTML part. */
  html: string | null;
  snippet: string;
  inReplyTo: string | null;
  references: string[];
  bulk: boolean;
  attachments: ReceivedAttachment[];
}

/**
 * Reads a raw message. `receivedAt` (the server's INTERNALDATE) stands in for a missing or unreadable Date
 * header, so a message always has a time to sort by.
 */
export async function readReceivedMessage(source: Uint8Array, receivedAt: Date): Promise<ReceivedMessage> {
  const email = await PostalMime.parse(source, { attachmentEncoding: "arraybuffer" });
  const header = (key: string) => email.headers.find((item) => item.key === key)?.value ?? null;
  const from = mailboxesOf(email.from ? [email.from] : [])[0] ?? null;
  const participants: Participant[] = [];
  const seen = new Set<string>();
  const add = (role: MailParticipantRole, addresses: Address[] | undefined) => {
    for (const mailbox of mailboxesOf(addresses ?? [])) {
      if (seen.has(`${role} ${mailbox.address}`)) continue;
      seen.add(`${role} ${mailbox.address}`);
      participants.push({ role, ...mailbox });
    }
  };
  add("from", email.from ? [email.from] : []);
  add("to", email.to);
  add("cc", email.cc);
  add("bcc", email.bcc);
  const html = email.html ? safeMessageHtml(email.html) : null;
  const text = (email.text ?? (email.html ? textOfHtml(email.html) : "")).trim();
  const date = email.date ? new Date(email.date) : null;
  return {
    messageId: messageIdsIn(email.messageId ?? "")[0] ?? `<${createHash("sha256").update(source).digest("hex")}@message-without-id.crm>`,
    subject: (email.subject ?? "").trim(),
    from,
    participants,
    sentAt: date && !Number.isNaN(date.getTime()) ? date : receivedAt,
    text,
    html,
    snippet: text.replace(/\s+/g, " ").slice(0, MAIL_SNIPPET_LENGTH),
    inReplyTo: messageIdsIn(email.inReplyTo ?? "")[0] ?? null,
    references: messageIdsIn(email.references ?? ""),
    bulk: isBulkMail({ listUnsubscribe: header("list-unsubscribe") !== null, precedence: header("precedence") }, from?.address ?? ""),
    attachments: email.attachments.map((attachment) => ({
      filename: attachment.filename ?? "attachment",
      contentType: attachment.mimeType,
      content: bytesOf(attachment.content),
    })),
  };
}

/** The Message-IDs in a header, each in angle brackets; a bare one (no brackets) is taken whole. */
export function messageIdsIn(header: string): string[] {
  const bracketed = header.match(/<[^<>\s]+>/g);
  if (bracketed) return bracketed;
  const bare = header.trim();
  return bare === "" || /\s/.test(bare) ? [] : [`<${bare}>`];
}

/** Every addressee of a list, groups opened, with a deliverable address (lower-cased) only. */
function mailboxesOf(addresses: readonly Address[]): { address: string; name: string }[] {
  return addresses.flatMap((item) => (item.group ? item.group : [item])).flatMap((mailbox) => {
    const address = normalizeCustomerEmail(mailbox.address ?? "");
    return address === null ? [] : [{ address, name: mailbox.name.trim() }];
  });
}

function bytesOf(content: ArrayBuffer | Uint8Array | string): Uint8Array {
  if (typeof content === "string") return new TextEncoder().encode(content);
  return content instanceof ArrayBuffer ? new Uint8Array(content) : content;
}
