import { Elysia, t } from "elysia";
import { actorOf } from "../../core/activity/actor.ts";
import { invalid } from "../../core/errors.ts";
import { importOrdersCsv } from "../../core/import/import-orders-csv.ts";
import { discardUpload, findUploadedFile, issueUploadTicket } from "../../core/import/uploads.ts";
import type { ServerContext } from "../context.ts";
import { sessionGuard } from "../middleware/session.ts";
import { ticketFromUploadUrl, uploadUrlFor } from "./uploads.ts";

/** Importing a ShipStation export from the dashboard: get a signed URL, PUT the file there, then process it. */
export function accountImportRoutes(context: ServerContext) {
  return new Elysia({ prefix: "/api/accounts" })
    .use(sessionGuard(context))
    .post(
      "/upload",
      ({ user, request }) => ({ uploadURL: uploadUrlFor(new URL(request.url).origin, issueUploadTicket(context.db, user.id)) }),
      { signedIn: true },
    )
    .post(
      "/process-csv",
      ({ body, user }) => {
        const ticket = ticketFromUploadUrl(body.fileUrl);
        if (!ticket) throw invalid("fileUrl", "fileUrl is not a file uploaded to this server");
        const filePath = findUploadedFile(context.db, context.dataDir, ticket);
        try {
          return importOrdersCsv(context.db, [{ path: filePath, displayName: "upload" }], { actor: actorOf(user) });
        } finally {
          discardUpload(context.db, context.dataDir, ticket.id);
        }
      },
      { signedIn: true, body: t.Object({ fileUrl: t.String({ maxLength: 2048 }) }) },
    );
}
