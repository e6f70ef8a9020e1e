import type { CsvImportResult } from "../../core/import/import-orders-csv.ts";
import { apiRequest } from "./client";

/** What POST /api/accounts/process-csv answers: core's import result, as it is. */
export type { CsvImportResult };

export type CsvImportCounts = CsvImportResult["results"];

/** A single-use, signed URL to PUT one CSV file to. */
export async function requestCsvUploadUrl(): Promise<string> {
  const { uploadURL } = await apiRequest<{ uploadURL: string }>("POST", "/api/accounts/upload");
  return uploadURL;
}

export function processUploadedCsv(uploadUrl: string): Promise<CsvImportResult> {
  return apiRequest<CsvImportResult>("POST", "/api/accounts/process-csv", { fileUrl: uploadUrl });
}
