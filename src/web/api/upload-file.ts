import type { UploadReceipt } from "../../contracts/imports.ts";
import { apiErrorFromAnswer } from "./client";

export interface UploadProgress {
  loadedBytes: number;
  totalBytes: number;
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * PUTs a file to a signed upload URL as the raw request body, with the session cookie, and resolves to
 * the server's receipt. XMLHttpRequest rather than fetch because only it reports upload progress. A
 * failed answer rejects with an ApiError, an aborted upload with the signal's reason.
 */
export function uploadFile(url: string, file: File, options: UploadOptions = {}): Promise<UploadReceipt> {
  const { onProgress, signal } = options;
  return new Promise<UploadReceipt>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const request = new XMLHttpRequest();
    request.open("PUT", url);
    request.withCredentials = true;
    request.setRequestHeader("Content-Type", file.type || "text/csv");

    request.upload.onprogress = (event) => {
      onProgress?.({ loadedBytes: event.loaded, totalBytes: event.lengthComputable ? event.total : file.size });
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve(JSON.parse(request.responseText) as UploadReceipt);
        } catch (error) {
          reject(error);
        }
        return;
      }
      reject(apiErrorFromAnswer(request.status, request.responseText, request.statusText));
    };
    request.onerror = () => reject(new UploadNetworkError());
    request.onabort = () => reject(signal?.reason ?? new DOMException("The upload was cancelled", "AbortError"));
    signal?.addEventListener("abort", () => request.abort(), { once: true });

    request.send(file);
  });
}

/** The upload never got an answer: the connection failed or something on the way blocked it. */
export class UploadNetworkError extends Error {
  constructor() {
    super("This looks like a network error, the endpoint might be blocked by an internet provider or a firewall.");
    this.name = "UploadNetworkError";
  }
}
