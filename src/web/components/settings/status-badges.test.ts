import { describe, expect, test } from "bun:test";
import { backfillBadge, connectionBadge, memberStatusBadge } from "./status-badges";

describe("connectionBadge", () => {
  test("says Connected, in green, only after a test that passed", () => {
    expect(connectionBadge("connected")).toEqual({ label: "Connected", tone: "green" });
  });

  test("tells apart missing credentials, untested ones and ones that failed", () => {
    expect(connectionBadge("not_configured")).toEqual({ label: "Not configured", tone: "grey" });
    expect(connectionBadge("unchecked")).toEqual({ label: "Not tested", tone: "amber" });
    expect(connectionBadge("error")).toEqual({ label: "Connection error", tone: "red" });
  });
});

describe("backfillBadge", () => {
  test("names every state of a backfill", () => {
    expect(backfillBadge("running")).toEqual({ label: "Running", tone: "blue" });
    expect(backfillBadge("succeeded")).toEqual({ label: "Completed", tone: "green" });
    expect(backfillBadge("failed")).toEqual({ label: "Failed", tone: "red" });
    expect(backfillBadge("interrupted")).toEqual({ label: "Interrupted", tone: "amber" });
  });
});

describe("memberStatusBadge", () => {
  test("shows active members in green and deactivated ones in grey", () => {
    expect(memberStatusBadge(true)).toEqual({ label: "Active", tone: "green" });
    expect(memberStatusBadge(false)).toEqual({ label: "Deactivated", tone: "grey" });
  });
});
