import { expect, test } from "bun:test";
import { describeFileTooLarge, formatMegabytes } from "../../contracts/imports.ts";
import { uploadLimitBytes } from "./upload-limit.ts";

test("the upload limit is 5 MB unless CRM_UPLOAD_LIMIT_MB says otherwise, in megabytes of 1,048,576 bytes", () => {
  expect(uploadLimitBytes({})).toBe(5_242_880);
  expect(uploadLimitBytes({ CRM_UPLOAD_LIMIT_MB: " " })).toBe(5_242_880);
  expect(uploadLimitBytes({ CRM_UPLOAD_LIMIT_MB: "60" })).toBe(62_914_560);
  expect(uploadLimitBytes({ CRM_UPLOAD_LIMIT_MB: "0.5" })).toBe(524_288);
  for (const wrong of ["0", "-1", "5MB", "1e3", "2000"]) {
    expect(() => uploadLimitBytes({ CRM_UPLOAD_LIMIT_MB: wrong })).toThrow(`CRM_UPLOAD_LIMIT_MB must be a number of megabytes above 0 and at most 1024, not "${wrong}"`);
  }
});

test("a file over the limit is described with both sizes and the command that imports it on the server", () => {
  expect(formatMegabytes(54_211_379)).toBe("51.7 MB");
  expect(formatMegabytes(5_242_880)).toBe("5 MB");
  expect(describeFileTooLarge(54_211_379, 5_242_880)).toBe("This file is 51.7 MB; the upload limit is 5 MB. Import it on the server with: crm import-csv FILE");
  expect(describeFileTooLarge(undefined, 5_242_880)).toBe("This file is over the upload limit of 5 MB. Import it on the server with: crm import-csv FILE");
});
