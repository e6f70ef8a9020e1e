import { describe, expect, test } from "bun:test";
import { extractEmails } from "./extract-emails.ts";

describe("extractEmails", () => {
  test("reads lines, commas, semicolons and tabs, lower-cases and removes duplicates in first-seen order", () => {
    expect(extractEmails("B@Clinic.com\na@lab.org, c@x.io;d@y.co\tb@clinic.com\r\nA@LAB.ORG")).toEqual(["b@clinic.com", "a@lab.org", "c@x.io", "d@y.co"]);
  });

  test("finds addresses inside quoted CSV cells and rows with other columns", () => {
    const csv = 'Name,Email,Notes\n"Smith, Jane","jane@riverside.org","likes ""fast"" shipping"\nBob,<bob@summit-health.com>,"call, then mail@"';
    expect(extractEmails(csv)).toEqual(["jane@riverside.org", "bob@summit-health.com"]);
  });

  test("ignores junk tokens and half addresses", () => {
    expect(extractEmails("not-an-email @nobody.com someone@ foo@bar x@y.z mailto:ok@fine.net trailing.dot@site.com.")).toEqual(["ok@fine.net", "trailing.dot@site.com"]);
    expect(extractEmails("")).toEqual([]);
  });
});
