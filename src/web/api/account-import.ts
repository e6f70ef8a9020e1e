import { apiRequest } from "./client";

/** What POST /api/accounts/process-csv answers. */
export interface CsvImportResult {
  success: boolean;
  message: string;
  results: CsvImportCounts;
}

export interface CsvImportCounts {
  /** CSV rows read. */
  processed: number;
  /** Accounts created. */
  created: number;
  /** Accounts updated. */
  updated: number;
  ordersCreated: number;
  ordersUpdated: number;
  ordersUnchanged: number;
  /** Rows left out because they could not be read. */
  skipped: number;
  errors: string[];
}

/** A single-use, signed URL to PUT one CSV file to. */
export async function requestCsvUploadUrl(): Promise<string> {
  const { uploadURL } = await apiRequest<{ uploadURL: string }>("POST", "/api/accounts/upload");
  return uploadURL;
}

export function processUploadedCsv(uploadUrl: string): Promise<CsvImportResult> {
  return apiRequest<CsvImportResult>("POST", "/api/accounts/process-csv", { fileUrl: uploadUrl });
}
