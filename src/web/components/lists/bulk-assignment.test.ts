import { describe, expect, test } from "bun:test";
import { extractEmails } from "../../../core/lists/extract-emails.ts";
import type { ListDefinition } from "../../api/lists";
import { assignButtonLabel, assignedDescription, bulkTargetOptions, detectedEmailsText, matchedPercent, matchSummaryText } from "./bulk-assignment";

const LISTS: readonly ListDefinition[] = [
  { key: "wholesale", name: "Wholesale", description: null, builtIn: false },
  { key: "new", name: "New", description: null, builtIn: true },
  { key: "active", name: "Active", description: null, builtIn: true },
  { key: "legacy", name: "Legacy", description: null, builtIn: true },
  { key: "clinics", name: "Clinics", description: "Outpatient clinics", builtIn: false },
];

describe("detectedEmailsText", () => {
  test("counts the distinct e-mails found in pasted text", () => {
    const pasted = 'Name,Email\n"Lopez, Brandon",brandon@anchor.org\nana@bay.com; ANA@bay.com\nnot an email, jo@x.io';
    expect(detectedEmailsText(extractEmails(pasted).length)).toBe("3 email(s) detected");
  });

  test("reads the same for none, one and thousands", () => {
    expect(detectedEmailsText(0)).toBe("0 email(s) detected");
    expect(detectedEmailsText(1)).toBe("1 email(s) detected");
    expect(detectedEmailsText(12_500)).toBe("12,500 email(s) detected");
  });
});

describe("bulkTargetOptions", () => {
  test("offers the built-in lists as customers, then the custom lists by name, then the activity rules", () => {
    expect(bulkTargetOptions(LISTS)).toEqual([
      { value: "new", label: "New Customers" },
      { value: "active", label: "Active Customers" },
      { value: "legacy", label: "Legacy Customers" },
      { value: "clinics", label: "Clinics" },
      { value: "wholesale", label: "Wholesale" },
      { value: "automatic", label: "Automatic (by activity)" },
    ]);
  });

  test("offers the built-in lists while the lists load", () => {
    expect(bulkTargetOptions(undefined).map((option) => option.label)).toEqual(["New Customers", "Active Customers", "Legacy Customers", "Automatic (by activity)"]);
  });
});

describe("assignButtonLabel", () => {
  test("names the list", () => {
    expect(assignButtonLabel(LISTS, "active")).toBe("Assign to Active List");
    expect(assignButtonLabel(undefined, "legacy")).toBe("Assign to Legacy List");
    expect(assignButtonLabel(LISTS, "wholesale")).toBe("Assign to Wholesale List");
    expect(assignButtonLabel(LISTS, "automatic")).toBe("Return to Automatic (by activity)");
  });

  test("does not say List twice", () => {
    const named = (name: string): ListDefinition[] => [{ key: "custom", name, description: null, builtIn: false }];
    expect(assignButtonLabel(named("Holiday Mailing List"), "custom")).toBe("Assign to Holiday Mailing List");
    expect(assignButtonLabel(named("Checklist"), "custom")).toBe("Assign to Checklist List");
  });

  test("the result view says where the accounts went", () => {
    expect(assignedDescription(LISTS, "clinics")).toBe("Accounts assigned to Clinics.");
    expect(assignedDescription(LISTS, "automatic")).toBe("Accounts handed back to the activity rules.");
  });
});

describe("the result", () => {
  test("fills the bar with the share of e-mails matched", () => {
    expect(matchedPercent(3, 4)).toBe(75);
    expect(matchedPercent(0, 0)).toBe(0);
    expect(matchedPercent(1, 3)).toBe(33);
  });

  test("counts the e-mails matched and the accounts they found apart", () => {
    expect(matchSummaryText({ emailsMatched: 3, totalEmails: 4, accountsFound: 2 })).toBe("3 of 4 emails matched 2 accounts");
    expect(matchSummaryText({ emailsMatched: 2, totalEmails: 2, accountsFound: 1 })).toBe("2 of 2 emails matched 1 account");
    expect(matchSummaryText({ emailsMatched: 1200, totalEmails: 50_000, accountsFound: 1180 })).toBe("1,200 of 50,000 emails matched 1,180 accounts");
    expect(matchSummaryText({ emailsMatched: 0, totalEmails: 3, accountsFound: 0 })).toBe("0 of 3 emails matched 0 accounts");
  });
});
