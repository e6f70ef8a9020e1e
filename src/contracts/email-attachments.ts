import { t } from "./type-builder.ts";

/**
 * An attachment of a received message, as a file (core/mail/attachment-download.ts):
 *   GET /api/email-attachments/{id}   its file, to save (→ EmailAttachmentDownload)
 * Anyone signed in may download what the Emails tab shows: an attachment of a message whose mailboxes show
 * everything. 404 for one they show less of, one whose file was not kept (over MAIL_ATTACHMENT_MAX_BYTES)
 * or whose file is gone. The answer is always a download (Content-Disposition: attachment) and never a page:
 * a type a browser could run or draw as a page (HTML, SVG, XML...) is sent as application/octet-stream.
 */

export const EmailAttachmentDownload = t.String({ format: "binary", description: "The attachment's file, as an attachment under its own name" });

/** The types sent as they are; any other is sent as application/octet-stream. */
export const EMAIL_ATTACHMENT_TYPES_SENT_AS_THEY_ARE: readonly string[] = [
  "application/pdf",
  "application/zip",
  "application/msword",
  "application/vnd.ms-excel",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "text/plain",
  "text/csv",
];
