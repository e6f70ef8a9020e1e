import { DEFAULT_UPLOAD_LIMIT_BYTES } from "../../contracts/imports.ts";
import { invalid } from "../errors.ts";

/** The variable that sets the server's upload limit, in megabytes (of 1,048,576 bytes); 5 when unset. */
export const UPLOAD_LIMIT_VARIABLE = "CRM_UPLOAD_LIMIT_MB";

/** The most an upload may hold before it is read through. The largest limit a server takes: one file is held in memory as it streams in. */
const LARGEST_UPLOAD_LIMIT_MB = 1024;

/**
 * The one place the server's upload limit is decided: CRM_UPLOAD_LIMIT_MB, else 5 MB. Larger files are
 * imported on the server with `crm import-csv`, which reads a file of any size as it streams.
 */
export function uploadLimitBytes(env: Record<string, string | undefined>): number {
  const text = env[UPLOAD_LIMIT_VARIABLE]?.trim();
  if (text === undefined || text === "") return DEFAULT_UPLOAD_LIMIT_BYTES;
  const megabytes = Number(text);
  if (!/^[0-9]+(\.[0-9]+)?$/.test(text) || megabytes <= 0 || megabytes > LARGEST_UPLOAD_LIMIT_MB) {
    throw invalid(UPLOAD_LIMIT_VARIABLE, `${UPLOAD_LIMIT_VARIABLE} must be a number of megabytes above 0 and at most ${LARGEST_UPLOAD_LIMIT_MB}, not "${text}"`);
  }
  return Math.round(megabytes * 1_048_576);
}
