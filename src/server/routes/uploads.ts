import { Elysia } from "elysia";
import { describeFileTooLarge, UploadedCsvFile, UploadParams, UploadQuery, UploadReceipt, UPLOADS_PATH } from "../../contracts/imports.ts";
import { DomainError } from "../../core/errors.ts";
import { receiveUpload, type UploadTicket } from "../../core/import/uploads.ts";
import type { ServerContext } from "../context.ts";
import { toUploadReceiptJson } from "../json/upload-json.ts";
import { sessionGuard } from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";
import { uploadLimitBytes } from "../../core/import/upload-limit.ts";

/** The target of signed upload URLs: the dashboard PUTs the raw file here. */
export function uploadRoutes(context: ServerContext) {
  const { detail } = answers(UploadReceipt);
  return new Elysia().use(sessionGuard(context)).put(
    `${UPLOADS_PATH}/:id`,
    async ({ params, query, request, user }) => {
      const limitBytes = uploadLimitBytes(context.env);
      const declaredLength = Number(request.headers.get("content-length") ?? 0);
      if (declaredLength > limitBytes) throw new DomainError("too_large", describeFileTooLarge(declaredLength, limitBytes));
      const ticket = { id: params.id, expires: query.expires, signature: query.signature };
      return toUploadReceiptJson(await receiveUpload(context.db, context.dataDir, user.id, ticket, request.body, limitBytes));
    },
    {
      signedIn: true,
      parse: "none",
      params: UploadParams,
      query: UploadQuery,
      // The body is read as it streams in, to stop at the size limit, so Elysia has no schema of it to describe: it is described here.
      detail: { ...detail, requestBody: { required: true, content: { "text/csv": { schema: UploadedCsvFile } } } },
    },
  );
}

/** Reads a ticket back out of an upload URL this server issued; null when the URL has another shape. */
export function ticketFromUploadUrl(url: string): UploadTicket | null {
  let parsed: URL;
  try {
    parsed = new URL(url, "http://upload.invalid");
  } catch {
    return null;
  }
  const id = parsed.pathname.startsWith(`${UPLOADS_PATH}/`) ? parsed.pathname.slice(UPLOADS_PATH.length + 1) : "";
  const expires = Number(parsed.searchParams.get("expires"));
  const signature = parsed.searchParams.get("signature") ?? "";
  if (!id || !Number.isFinite(expires) || !signature) return null;
  return { id, expires, signature };
}

export function uploadUrlFor(origin: string, ticket: UploadTicket): string {
  return `${origin}${UPLOADS_PATH}/${ticket.id}?expires=${ticket.expires}&signature=${ticket.signature}`;
}
