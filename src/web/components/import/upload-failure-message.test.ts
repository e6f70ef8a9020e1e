import { describe, expect, test } from "bun:test";
import { ApiError } from "../../api/client";
import { UploadNetworkError } from "../../api/upload-file";
import { uploadFailureMessage } from "./upload-failure-message";

describe("uploadFailureMessage", () => {
  test("a 401 asks for authorization", () => {
    expect(uploadFailureMessage(new ApiError(401, "Not signed in"))).toBe("Authorization required");
  });

  test("an expired signature says the request expired; another refusal keeps the server's words", () => {
    expect(uploadFailureMessage(new ApiError(403, "The upload URL has expired"))).toBe("Request has expired");
    expect(uploadFailureMessage(new ApiError(403, "The upload URL's signature is not valid"))).toBe("The upload URL's signature is not valid");
    expect(uploadFailureMessage(new ApiError(413, "The file is larger than 5,242,880 bytes (5 MB)"))).toBe(
      "The file is larger than 5,242,880 bytes (5 MB)",
    );
  });

  test("a network failure says so", () => {
    expect(uploadFailureMessage(new UploadNetworkError())).toContain("network error");
  });

  test("anything else is a plain failure", () => {
    expect(uploadFailureMessage(new Error("boom"))).toBe("Upload failed");
  });
});
