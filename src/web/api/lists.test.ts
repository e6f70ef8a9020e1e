import { describe, expect, test } from "bun:test";
import { listSummariesUrl } from "./lists";

describe("listSummariesUrl", () => {
  test("sends the dates chosen and leaves out the others", () => {
    expect(listSummariesUrl({})).toBe("/api/lists");
    expect(listSummariesUrl({ from: "2026-01-01", to: "2026-03-31" })).toBe("/api/lists?from=2026-01-01&to=2026-03-31");
    expect(listSummariesUrl({ to: "2026-03-31" })).toBe("/api/lists?to=2026-03-31");
  });
});
