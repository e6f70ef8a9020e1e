import { Elysia } from "elysia";
import { CSV_UPLOAD_URL_PATH, CsvImportResult, PROCESS_CSV_PATH, ProcessCsvBody, UploadUrl } from "../../contracts/imports.ts";
import { actorOf } from "../../core/changes/actor.ts";
import { whenDatabaseFree } from "../../core/database/busy.ts";
import { invalid } from "../../core/errors.ts";
import { runCsvImport } from "../../core/import/csv-import-run.ts";
import { discardUpload, findUploadedFile, issueUploadTicket } from "../../core/import/uploads.ts";
import type { ServerContext } from "../context.ts";
import { toUploadUrlJson } from "../json/upload-json.ts";
import { sessionGuard } from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";
import { ticketFromUploadUrl, uploadUrlFor } from "./uploads.ts";

/** Importing a ShipStation export from the dashboard: get a signed URL, PUT the file there, then process it. */
export function accountImportRoutes(context: ServerContext) {
  return new Elysia()
    .use(sessionGuard(context))
    .post(CSV_UPLOAD_URL_PATH, ({ user, request }) => toUploadUrlJson(uploadUrlFor(new URL(request.url).origin, issueUploadTicket(context.db, user.id))), {
      signedIn: true,
      ...answers(UploadUrl),
    })
    .post(
      PROCESS_CSV_PATH,
      async ({ body, user }) => {
        const ticket = ticketFromUploadUrl(body.fileUrl);
        if (!ticket) throw invalid("fileUrl", "fileUrl is not a file uploaded to this server");
        const filePath = findUploadedFile(context.db, context.dataDir, user.id, ticket);
        try {
          const { result } = await runCsvImport(context.db, [{ path: filePath, displayName: "upload" }], { actor: actorOf(user), inServer: true });
          return result;
        } finally {
          // The import commits in batches, so a busy database here must not have the request answered again.
          await whenDatabaseFree(() => discardUpload(context.db, context.dataDir, ticket.id));
        }
      },
      { signedIn: true, body: ProcessCsvBody, ...answers(CsvImportResult) },
    );
}
