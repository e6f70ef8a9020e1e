import { ApiError } from "../../api/client";
import { UploadNetworkError } from "../../api/upload-file";

/** The server's words for an upload URL used after its 15 minutes. */
const EXPIRED_UPLOAD_MESSAGE = "The upload URL has expired";

/** What the upload area says when a file did not get to the server. */
export function uploadFailureMessage(error: unknown): string {
  if (error instanceof UploadNetworkError) return error.message;
  if (!(error instanceof ApiError)) return "Upload failed";
  if (error.status === 401) return "Authorization required";
  if (error.status === 403 && error.serverMessage === EXPIRED_UPLOAD_MESSAGE) return "Request has expired";
  return error.serverMessage;
}
