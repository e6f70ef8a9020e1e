import { describeFailure } from "../../api/client";
import { UploadNetworkError } from "../../api/upload-file";

/** The server's words for an upload URL used after its 15 minutes. */
const EXPIRED_UPLOAD_MESSAGE = "The upload URL has expired";

/** What the upload area says when a file did not get to the server: the upload service's wording over describeFailure's. */
export function uploadFailureMessage(error: unknown): string {
  if (error instanceof UploadNetworkError) return error.message;
  const failure = describeFailure(error);
  if (failure.status === undefined) return "Upload failed";
  if (failure.status === 401) return "Authorization required";
  if (failure.status === 403 && failure.message === EXPIRED_UPLOAD_MESSAGE) return "Request has expired";
  return failure.message;
}
