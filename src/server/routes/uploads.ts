import { Elysia, t } from "elysia";
import { DomainError } from "../../core/errors.ts";
import { MAX_UPLOAD_BYTES, receiveUpload, type UploadTicket } from "../../core/import/uploads.ts";
import type { ServerContext } from "../context.ts";
import { sessionGuard } from "../middleware/session.ts";

export const UPLOADS_PATH = "/api/uploads";

/** The target of signed upload URLs: the dashboard PUTs the raw file here. */
export function uploadRoutes(context: ServerContext) {
  return new Elysia({ prefix: UPLOADS_PATH }).use(sessionGuard(context)).put(
    "/:id",
    async ({ params, query, request }) => {
      const declaredLength = Number(request.headers.get("content-length") ?? 0);
      if (declaredLength > MAX_UPLOAD_BYTES) throw new DomainError("too_large", `The file is larger than ${MAX_UPLOAD_BYTES.toLocaleString("en-US")} bytes (5 MB)`);
      const { byteSize } = await receiveUpload(context.db, context.dataDir, { id: params.id, expires: query.expires, signature: query.signature }, request.body);
      return { uploaded: true, byteSize };
    },
    {
      signedIn: true,
      parse: "none",
      query: t.Object({ expires: t.Numeric(), signature: t.String() }),
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
