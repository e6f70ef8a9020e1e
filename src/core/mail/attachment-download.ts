import { statSync } from "node:fs";
import path from "node:path";
import { EMAIL_ATTACHMENT_TYPES_SENT_AS_THEY_ARE } from "../../contracts/email-attachments.ts";
import type { CrmDatabase } from "../database/open.ts";
import { notFound } from "../errors.ts";
import { VISIBILITY_LEVEL_SQL } from "./account-emails.ts";

/** What a download of an attachment sends: its file in the data directory, under its name and a safe type. */
export interface AttachmentDownload {
  file: string;
  filename: string;
  contentType: string;
  size: number;
}

/**
 * An attachment's kept file (store-messages.ts: keepAttachmentFiles), for anyone the Emails tab shows it to:
 * only a message its mailboxes show everything of has its attachments shown, so any other answers 404 as
 * if there were none, as do one whose file was not kept (too large) and one whose file is gone.
 * Raw SQL: the visibility is the Emails tab's own (VISIBILITY_LEVEL_SQL).
 */
export function attachmentForDownload(db: CrmDatabase, dataDir: string, attachmentId: number): AttachmentDownload {
  const row = db.$client
    .query<{ filename: string; contentType: string; storedPath: string | null; level: number }, [number]>(
      `SELECT a.filename, a.content_type AS contentType, a.stored_path AS storedPath, ${VISIBILITY_LEVEL_SQL} AS level
       FROM mail_attachments a JOIN mail_messages m ON m.id = a.message_id WHERE a.id = ?`,
    )
    .get(attachmentId);
  if (!row || row.level !== 2) throw notFound("Attachment not found");
  if (row.storedPath === null) throw notFound("This attachment's file was not kept: it was too large");
  const file = path.join(dataDir, row.storedPath);
  const size = statSync(file, { throwIfNoEntry: false })?.size;
  if (size === undefined) throw notFound("This attachment's file is no longer in the data directory");
  return { file, filename: downloadName(row.filename), contentType: safeContentType(row.contentType), size };
}

/**
 * The type a download is sent with: the attachment's own when it is one a browser only shows or saves, and
 * application/octet-stream for anything else (HTML, SVG, XML, scripts, or a type the sender made up), which
 * a browser never runs or draws as a page even when the download is opened by its address.
 */
export function safeContentType(contentType: string): string {
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  return EMAIL_ATTACHMENT_TYPES_SENT_AS_THEY_ARE.includes(type) ? type : "application/octet-stream";
}

/** The sender's file name without the folders or control characters it may carry; "attachment" when nothing is left. */
function downloadName(filename: string): string {
  const name = path.basename(filename.replace(/\\/g, "/")).replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return name === "" || name === "." || name === ".." ? "attachment" : name;
}

/**
 * Content-Disposition for a download under `filename`: an ASCII stand-in for old clients, then the name
 * itself in UTF-8 (RFC 6266, RFC 5987), which every browser reads first.
 */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
