import { describe, expect, test } from "bun:test";
import { isReorderOverdue, rhythmSentence, rhythmText } from "./reorder-bands";

describe("rhythmText", () => {
  test("rounds the median gap to whole days", () => {
    expect(rhythmText(21)).toBe("every 21 days");
    expect(rhythmText(20.5)).toBe("every 21 days");
    expect(rhythmText(13.4)).toBe("every 13 days");
  });

  test("a gap of one day is every day, and never less", () => {
    expect(rhythmText(1)).toBe("every day");
    expect(rhythmText(0.5)).toBe("every day");
  });
});

describe("isReorderOverdue", () => {
  test("every band is a reorder to chase; on track is not", () => {
    expect(isReorderOverdue("on-track")).toBe(false);
    expect(isReorderOverdue("due")).toBe(true);
    expect(isReorderOverdue("at-risk")).toBe(true);
    expect(isReorderOverdue("lapsed")).toBe(true);
  });
});

describe("rhythmSentence", () => {
  test("says how often the account orders and when its next order is expected, in US dates", () => {
    expect(rhythmSentence({ medianGapDays: 20.5, expectedNextOrderDate: "2026-12-03" })).toBe("Orders about every 21 days; next expected 12/03/2026");
  });
});
