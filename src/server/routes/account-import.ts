import { Elysia } from "elysia";
import { t } from "../../contracts/type-builder.ts";
import {
  CSV_COLUMNS_PATH,
  CSV_UPLOAD_URL_PATH,
  CsvColumns,
  CsvColumnsBody,
  CsvImportPreview,
  CsvImportResult,
  CsvPreviewBody,
  IMPORT_FORM_PATH,
  ImportForm,
  PREVIEW_CSV_PATH,
  PROCESS_CSV_PATH,
  ProcessCsvBody,
  SKIPPED_ROWS_PATH,
  SkippedRowsQuery,
  UploadUrl,
} from "../../contracts/imports.ts";
import { actorOf } from "../../core/changes/actor.ts";
import { whenDatabaseFree } from "../../core/database/busy.ts";
import type { CrmDatabase } from "../../core/database/open.ts";
import { conflict, invalid } from "../../core/errors.ts";
import { runningImport } from "../../core/import/import-history.ts";
import { rememberColumnMap, rememberedColumnMap } from "../../core/import/column-maps.ts";
import { readCsvFileHeader } from "../../core/import/csv-file-header.ts";
import { previewCsvImportOnThread } from "../../core/import/preview-thread.ts";
import { runCsvImport } from "../../core/import/csv-import-run.ts";
import { checkColumnMap, guessColumnMap, type ColumnMap } from "../../core/import/order-columns.ts";
import { uploadLimitBytes } from "../../core/import/upload-limit.ts";
import { findSkippedRows, findUploadedFile, finishUpload, issueUploadTicket, skippedRowsPath, type UploadTicket } from "../../core/import/uploads.ts";
import { SkippedRowsFile } from "../../core/import/skipped-rows-file.ts";
import type { ServerContext } from "../context.ts";
import { toCsvColumnsJson, toImportFormJson, toUploadUrlJson } from "../json/upload-json.ts";
import { sessionGuard } from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";
import { ticketFromUploadUrl, uploadUrlFor } from "./uploads.ts";

/**
 * Importing an order export from the dashboard: the form's columns and limit, a signed URL to PUT the file
 * to, then, naming the stored file by that URL, its columns, a dry run with a map, and the import.
 */
export function accountImportRoutes(context: ServerContext) {
  const uploadedFile = (fileUrl: string, userId: number): { ticket: UploadTicket; filePath: string } => {
    const ticket = ticketFromUploadUrl(fileUrl);
    if (!ticket) throw invalid("fileUrl", "fileUrl is not a file uploaded to this server");
    return { ticket, filePath: findUploadedFile(context.db, context.dataDir, userId, ticket) };
  };
  return new Elysia()
    .use(sessionGuard(context))
    .get(IMPORT_FORM_PATH, () => toImportFormJson(uploadLimitBytes(context.env)), { signedIn: true, ...answers(ImportForm) })
    .post(CSV_UPLOAD_URL_PATH, ({ user, request }) => toUploadUrlJson(uploadUrlFor(new URL(request.url).origin, issueUploadTicket(context.db, user.id))), {
      signedIn: true,
      ...answers(UploadUrl),
    })
    .post(
      CSV_COLUMNS_PATH,
      ({ body, user }) => {
        const file = readCsvFileHeader(uploadedFile(body.fileUrl, user.id).filePath);
        const remembered = rememberedColumnMap(context.db, file.headers);
        if (remembered) return toCsvColumnsJson(file, remembered, true, {});
        const guess = guessColumnMap(file.headers);
        return toCsvColumnsJson(file, guess.columnMap, false, guess.alsoMatching);
      },
      { signedIn: true, body: CsvColumnsBody, ...answers(CsvColumns) },
    )
    .post(
      PREVIEW_CSV_PATH,
      ({ body, user }) => {
        const { filePath } = uploadedFile(body.fileUrl, user.id);
        checkMapFits(filePath, body.columnMap);
        // Counted against a database an import is changing, the preview would tell what neither before nor after it holds.
        const running = runningImport(context.db);
        if (running) throw conflict(`Import #${running.id} is running (started ${running.startedAt.toISOString()}); preview this file once it has finished`);
        return previewCsvImportOnThread(context.dataDir, context.db.$client.filename, [{ path: filePath, displayName: "upload", columnMap: body.columnMap }]);
      },
      { signedIn: true, body: CsvPreviewBody, ...answers(CsvImportPreview) },
    )
    .post(
      PROCESS_CSV_PATH,
      async ({ body, user }) => {
        const { ticket, filePath } = uploadedFile(body.fileUrl, user.id);
        const actor = actorOf(user);
        if (body.columnMap) rememberFor(context.db, filePath, body.columnMap, actor);
        const skippedRows = new SkippedRowsFile(skippedRowsPath(context.dataDir, ticket.id));
        let imported = false;
        try {
          const files = [{ path: filePath, displayName: "upload", columnMap: body.columnMap }];
          const { result } = await runCsvImport(context.db, files, { actor, inServer: true, onSkippedRow: (row) => skippedRows.write(row) });
          imported = true;
          return result;
        } finally {
          skippedRows.close();
          // The import commits in batches, so a busy database here must not have the request answered again.
          await whenDatabaseFree(() => finishUpload(context.db, context.dataDir, ticket.id, imported && skippedRows.rows > 0));
        }
      },
      { signedIn: true, body: ProcessCsvBody, ...answers(CsvImportResult) },
    )
    .get(
      SKIPPED_ROWS_PATH,
      ({ query, user }) => {
        const ticket = ticketFromUploadUrl(query.fileUrl);
        if (!ticket) throw invalid("fileUrl", "fileUrl is not a file uploaded to this server");
        return new Response(Bun.file(findSkippedRows(context.db, context.dataDir, user.id, ticket)), {
          headers: {
            "content-type": "text/csv; charset=utf-8",
            "content-disposition": 'attachment; filename="skipped-rows.csv"',
            // Customer data: kept by no cache on the way, nor by the browser beyond the download.
            "cache-control": "no-store",
          },
        });
      },
      {
        signedIn: true,
        query: SkippedRowsQuery,
        ...answers(t.String({ description: "CSV: file, line, reason, order_number, customer_email" }), {
          contentType: "text/csv",
          description: "Every row the import of this upload skipped, as an attachment named skipped-rows.csv",
        }),
      },
    );
}

/** A map refused before the file is read through, with the column named as the dialog names it. */
function checkMapFits(filePath: string, columnMap: ColumnMap): string[] {
  const { headers } = readCsvFileHeader(filePath);
  checkColumnMap(headers, columnMap);
  return headers;
}

/** The map an import is run with is the one the next file of its header gets. */
function rememberFor(db: CrmDatabase, filePath: string, columnMap: ColumnMap, actor: ReturnType<typeof actorOf>): void {
  rememberColumnMap(db, checkMapFits(filePath, columnMap), columnMap, actor);
}
