import { describe, expect, test } from "bun:test";
import { formatReorderTiming, REORDER_BAND_LABELS, reorderBandOf, rhythmSentence, rhythmText } from "./reorder-bands";

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

describe("reorderBandOf", () => {
  test("the server's band, shown as it is; an account on track has none", () => {
    expect(reorderBandOf("on-track")).toBeNull();
    expect(reorderBandOf("due")).toBe("due");
    expect(reorderBandOf("at-risk")).toBe("at-risk");
    expect(reorderBandOf("lapsed")).toBe("lapsed");
  });

  test("a due account is 'Due', whether its order is expected in a few days or a few days late", () => {
    expect(`${REORDER_BAND_LABELS[reorderBandOf("due")!]} ${formatReorderTiming(-6)}`).toBe("Due in 6 days");
    expect(`${REORDER_BAND_LABELS[reorderBandOf("due")!]} ${formatReorderTiming(0)}`).toBe("Due today");
    expect(`${REORDER_BAND_LABELS[reorderBandOf("at-risk")!]} ${formatReorderTiming(12)}`).toBe("At risk 12 days overdue");
  });
});

describe("formatReorderTiming", () => {
  test("'in N days' before the expected date, 'today' on it, 'N days overdue' after, in whole days", () => {
    expect(formatReorderTiming(-6)).toBe("in 6 days");
    expect(formatReorderTiming(-1)).toBe("in 1 day");
    expect(formatReorderTiming(0)).toBe("today");
    expect(formatReorderTiming(1)).toBe("1 day overdue");
    expect(formatReorderTiming(1234)).toBe("1,234 days overdue");
  });
});

describe("rhythmSentence", () => {
  test("says how often the account orders and when its next order is expected, in US dates", () => {
    expect(rhythmSentence({ medianGapDays: 20.5, expectedNextOrderDate: "2026-12-03" })).toBe("Orders about every 21 days; next expected 12/03/2026");
  });
});
