import { COMMAND_LINE } from "../core/changes/actor.ts";
import type { CrmDatabase } from "../core/database/open.ts";
import { teamAddresses } from "../core/mail/match-accounts.ts";
import { readReceivedMessage } from "../core/mail/received-message.ts";
import { keepAttachmentFiles, storeMessageBatch } from "../core/mail/store-messages.ts";

export interface TestAttachment {
  filename: string;
  type: string;
  content: string;
}

/** A customer's message to sales@riverside.test with attachments, as a mail server holds it (raw MIME). */
export function messageWithAttachments(id: string, attachments: readonly TestAttachment[], text = "Attached."): string {
  const parts = attachments.flatMap((attachment) => [
    "--b",
    `Content-Type: ${attachment.type}; name="${attachment.filename}"`,
    `Content-Disposition: attachment; filename*=UTF-8''${encodeURIComponent(attachment.filename)}`,
    "Content-Transfer-Encoding: base64",
    "",
    Buffer.from(attachment.content).toString("base64"),
  ]);
  return [
    "From: Pat Buyer <pat@acme-labs.test>",
    "To: Sales <sales@riverside.test>",
    "Subject: Paperwork",
    "Date: Mon, 02 Mar 2026 15:00:00 +0000",
    `Message-ID: <${id}@mail.test>`,
    "MIME-Version: 1.0",
    'Content-Type: multipart/mixed; boundary="b"',
    "",
    "--b",
    "Content-Type: text/plain",
    "",
    text,
    ...parts,
    "--b--",
    "",
  ].join("\r\n");
}

/**
 * Keeps a raw message read from a mailbox's INBOX as the sync does, without an IMAP server: its attachments'
 * files first (none with `keepFiles: false`, as for files over the size cap), then its rows. Answers the
 * files' paths in the data directory.
 */
export async function keepReceivedMessage(
  db: CrmDatabase,
  dataDir: string,
  received: { mailboxId: number; uid: number; raw: string; keepFiles?: boolean },
): Promise<(string | null)[]> {
  const message = await readReceivedMessage(new TextEncoder().encode(received.raw), new Date("2026-03-02T15:00:00Z"));
  const attachmentPaths = received.keepFiles === false ? message.attachments.map(() => null) : keepAttachmentFiles(dataDir, message);
  storeMessageBatch(db, {
    mailboxId: received.mailboxId,
    folder: "INBOX",
    uidValidity: 1,
    lastUid: received.uid,
    messages: [{ uid: received.uid, message, attachmentPaths }],
    team: teamAddresses(db),
    actor: COMMAND_LINE,
  });
  return attachmentPaths;
}
