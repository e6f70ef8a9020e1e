import { describe, expect, test } from "bun:test";
import { formatCompactCount } from "../../format/count";
import { formatCompactDollars } from "../../format/money";
import { axisScale, niceStep, positionOn } from "./chart-scale";

describe("niceStep", () => {
  test("rounds up to 1, 2, 2.5 or 5 times a power of ten", () => {
    expect(niceStep(0.75)).toBe(1);
    expect(niceStep(1.3)).toBe(2);
    expect(niceStep(2.2)).toBe(2.5);
    expect(niceStep(3)).toBe(5);
    expect(niceStep(7)).toBe(10);
    expect(niceStep(12_345)).toBe(20_000);
    expect(niceStep(100)).toBe(100);
  });
});

describe("axisScale", () => {
  test("covers the largest value with round gridlines", () => {
    expect(axisScale(87_000)).toEqual({ max: 100_000, ticks: [0, 25_000, 50_000, 75_000, 100_000] });
    expect(axisScale(100)).toEqual({ max: 100, ticks: [0, 25, 50, 75, 100] });
    expect(axisScale(0.9)).toEqual({ max: 1, ticks: [0, 0.25, 0.5, 0.75, 1] });
  });

  test("counts step by whole numbers", () => {
    expect(axisScale(3, { wholeNumbers: true })).toEqual({ max: 3, ticks: [0, 1, 2, 3] });
    expect(axisScale(1, { wholeNumbers: true })).toEqual({ max: 1, ticks: [0, 1] });
  });

  test("nothing to show still makes an axis, so nothing divides by zero", () => {
    const scale = axisScale(0);
    expect(scale.max).toBeGreaterThan(0);
    expect(positionOn(scale, 0, 200)).toBe(0);
    expect(axisScale(0, { wholeNumbers: true })).toEqual({ max: 1, ticks: [0, 1] });
  });
});

describe("positionOn", () => {
  test("places values in proportion, never below the axis", () => {
    const scale = axisScale(100);
    expect(positionOn(scale, 50, 200)).toBe(100);
    expect(positionOn(scale, 100, 200)).toBe(200);
    expect(positionOn(scale, -5, 200)).toBe(0);
  });
});

describe("axis labels", () => {
  test("dollars keep their '$' in a compact form: '$800K', '$1.25M'", () => {
    expect(axisScale(980_000).ticks.map(formatCompactDollars)).toEqual(["$0", "$250K", "$500K", "$750K", "$1M"]);
    expect(axisScale(2_030_000).ticks.map(formatCompactDollars)).toEqual(["$0", "$1M", "$2M", "$3M"]);
    expect(formatCompactDollars(1_250_000)).toBe("$1.25M");
    expect(formatCompactDollars(12_500)).toBe("$12.5K");
    expect(formatCompactDollars(250)).toBe("$250");
    expect(formatCompactDollars(0.25)).toBe("$0.25");
    expect(formatCompactCount(12_500)).toBe("12.5K");
    expect(formatCompactCount(750)).toBe("750");
  });

  test("every gridline, from cents to billions, is labelled exactly in at most 6 characters, so it fits the gutter", () => {
    const units: Record<string, number> = { "": 1, K: 1e3, M: 1e6, B: 1e9 };
    for (let largest = 0.37; largest < 5e9; largest *= 1.7) {
      for (const tick of axisScale(largest).ticks) {
        const label = formatCompactDollars(tick);
        const [, figure, unit] = /^\$([\d.]+)([KMB]?)$/.exec(label) ?? [];
        expect({ tick, label, length: label.length <= 6, value: Number(figure) * units[unit ?? ""]! }).toEqual({ tick, label, length: true, value: expect.closeTo(tick, 6) });
      }
    }
  });
});
