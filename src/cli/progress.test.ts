import { describe, expect, test } from "bun:test";
import { createProgressReporter, type ProgressSnapshot } from "./progress.ts";

/** A reporter on a hand-driven clock, collecting what it writes. */
function reporterAt(isTTY: boolean) {
  let now = 0;
  const written: string[] = [];
  const reporter = createProgressReporter({ isTTY, clock: () => now, write: (text) => written.push(text) });
  return {
    reporter,
    written,
    /** Moves the clock to this many seconds after the reporter was created. */
    at(seconds: number) {
      now = seconds * 1000;
      return reporter;
    },
  };
}

const TOTAL_BYTES = 100_000_000;
const reading = (rows: number): ProgressSnapshot => ({ done: rows * 100, total: TOTAL_BYTES, count: rows, unit: "rows" });
const finishing = (step: string): ProgressSnapshot => ({ done: TOTAL_BYTES, total: TOTAL_BYTES, count: 1_000_000, unit: "rows", step });

describe("progress without a terminal (cron logs)", () => {
  test("writes the first update at once, then a line when 4 s have passed since the last one, so lines are never 5 s apart", () => {
    const { at, written } = reporterAt(false);
    at(0).update(reading(10_000));
    at(2).update(reading(40_000));
    at(3.9).update(reading(78_000));
    expect(written).toEqual(["1%  10,000 rows  0 rows/s  ETA --\n"]);
    at(5).update(reading(100_000));
    at(8.9).update(reading(178_000));
    at(10).update(reading(200_000));
    expect(written).toEqual(["1%  10,000 rows  0 rows/s  ETA --\n", "10%  100,000 rows  20,000 rows/s  ETA 45s\n", "20%  200,000 rows  20,000 rows/s  ETA 40s\n"]);
  });

  test("names each closing step as it starts, however soon after the last line, so a long finish never goes silent", () => {
    const { at, written } = reporterAt(false);
    at(0).update(reading(1_000));
    at(50).update(reading(1_000_000));
    at(50.1).update(finishing("building indexes"));
    at(50.2).update(finishing("building indexes"));
    at(53).update(finishing("recounting account statistics"));
    at(54).update(finishing("committing"));
    expect(written.slice(2)).toEqual([
      "100%  1,000,000 rows  finishing: building indexes\n",
      "100%  1,000,000 rows  finishing: recounting account statistics\n",
      "100%  1,000,000 rows  finishing: committing\n",
    ]);
  });

  test("a step that goes on is reported again every 4 s, with how far it has come", () => {
    const { at, written } = reporterAt(false);
    const counting = (done: number) => ({ ...finishing("counting purchase days"), detail: `${done.toLocaleString("en-US")} of 60,000 accounts` });
    at(0).update(counting(0));
    at(3.9).update(counting(9_000));
    at(4.1).update(counting(10_000));
    expect(written).toEqual([
      "100%  1,000,000 rows  finishing: counting purchase days  0 of 60,000 accounts\n",
      "100%  1,000,000 rows  finishing: counting purchase days  10,000 of 60,000 accounts\n",
    ]);
  });

  test("an import in batches names the batch it has come to", () => {
    const { at, written } = reporterAt(false);
    at(0).update({ ...reading(10_000), detail: "batch 3" });
    expect(written).toEqual(["1%  10,000 rows  0 rows/s  ETA --  batch 3\n"]);
  });

  test("a new phase (rows read, then orders written) gets a line at once, its rate and ETA counted from its own start", () => {
    const { at, written } = reporterAt(false);
    const writing = (orders: number): ProgressSnapshot => ({ done: orders, total: 500_000, count: orders, unit: "orders written", detail: "batch 1" });
    at(0).update(reading(10_000));
    at(10).update(reading(1_000_000));
    at(10.5).update(writing(0));
    at(14.5).update(writing(100_000));
    expect(written.slice(2)).toEqual(["0%  0 orders written  0 orders written/s  ETA --  batch 1\n", "20%  100,000 orders written  25,000 orders written/s  ETA 16s  batch 1\n"]);
  });

  test("ends with a line saying how long the whole import took", () => {
    const { at, written } = reporterAt(false);
    at(0).update(reading(500));
    at(55).update(finishing("committing"));
    at(56).finish();
    expect(written.at(-1)).toBe("100%  1,000,000 rows  done in 56s\n");
  });

  test("a run that reported nothing writes nothing when it finishes", () => {
    const { at, written } = reporterAt(false);
    at(3).finish();
    expect(written).toEqual([]);
  });
});

describe("progress on a terminal", () => {
  test("redraws one bar line at most every 100 ms, at once for a new step, and clears it at the end", () => {
    const { at, written } = reporterAt(true);
    at(0).update(reading(0));
    at(0.05).update(reading(5_000));
    at(30).update(reading(500_000));
    at(30.01).update(finishing("committing"));
    at(31).finish();
    expect(written).toEqual([
      `\r[----------------------------] 0%  0 rows  0 rows/s  ETA --\u001b[K`,
      `\r[##############--------------] 50%  500,000 rows  16,667 rows/s  ETA 30s\u001b[K`,
      `\r[############################] 100%  1,000,000 rows  finishing: committing\u001b[K`,
      "\r\u001b[K",
    ]);
  });

  test("durations past a minute are shown in minutes and seconds", () => {
    const { at, written } = reporterAt(true);
    at(0).update(reading(0));
    at(60).update(reading(300_000));
    expect(written.at(-1)).toContain("30%  300,000 rows  5,000 rows/s  ETA 2m20s");
  });
});
