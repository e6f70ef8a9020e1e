import { Elysia } from "elysia";
import { IdParams } from "../../contracts/common.ts";
import { EmailAttachmentDownload } from "../../contracts/email-attachments.ts";
import { attachmentDisposition, attachmentForDownload } from "../../core/mail/attachment-download.ts";
import type { ServerContext } from "../context.ts";
import { sessionGuard } from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";

/** A received message's attachment, downloaded from its thread (contracts/email-attachments.ts). */
export function emailAttachmentRoutes(context: ServerContext) {
  const { db, dataDir } = context;
  return new Elysia().use(sessionGuard(context)).get(
    "/api/email-attachments/:id",
    ({ params }) => {
      const attachment = attachmentForDownload(db, dataDir, params.id);
      // Bun streams the file from disk. X-Content-Type-Options: nosniff comes with every answer (security-headers.ts):
      // no browser takes the file for another type than the one sent.
      return new Response(Bun.file(attachment.file), {
        headers: {
          "content-type": attachment.contentType,
          "content-disposition": attachmentDisposition(attachment.filename),
          // Customer mail: kept by no cache on the way, nor by the browser beyond the download.
          "cache-control": "no-store",
        },
      });
    },
    {
      signedIn: true,
      params: IdParams,
      ...answers(EmailAttachmentDownload, {
        contentType: "application/octet-stream",
        description: "The file, as an attachment under its own name; 404 when its message's mailboxes do not show attachments or its file was not kept",
      }),
    },
  );
}
