import { writeSync } from "node:fs";
import { formatCount } from "../contracts/counts.ts";

export interface ProgressSnapshot {
  done: number;
  total: number;
  /** What `done` counts and what is shown beside it, e.g. 12,345 rows. */
  count: number;
  unit: string;
  /** The closing work under way once everything is read, e.g. "building indexes". */
  step?: string;
  /** Said after the figures, e.g. "batch 12". */
  detail?: string;
}

export interface ProgressReporterOptions {
  isTTY?: boolean;
  /** Milliseconds from any fixed point; tests pass their own clock. */
  clock?: () => number;
  write?: (text: string) => void;
}

const TTY_INTERVAL_MS = 100;
/** Work reports progress every few hundred milliseconds at most, so a line comes at least every 5 s. */
const PLAIN_INTERVAL_MS = 4000;
const BAR_WIDTH = 28;

/**
 * Progress on stderr: a redrawn bar with rate and ETA on a terminal, plain lines otherwise (cron logs).
 * A plain line is written every 4 s while updates come, at once when the phase or the closing step
 * changes (the work between two steps can take longer than that, with no update in between), and once at
 * the end.
 * Writes synchronously because imports run synchronously inside a transaction.
 */
export function createProgressReporter(options: ProgressReporterOptions = {}) {
  const isTTY = options.isTTY ?? process.stderr.isTTY === true;
  const clock = options.clock ?? (() => performance.now());
  const write = options.write ?? ((text: string) => writeSync(2, text));
  const started = clock();
  // A new unit is a new phase (rows read, then orders written): its rate and ETA count from its start.
  let phaseStarted = started;
  let lastDrawn = Number.NEGATIVE_INFINITY;
  let last: ProgressSnapshot | undefined;

  return {
    update(snapshot: ProgressSnapshot): void {
      const now = clock();
      const stepChanged = last !== undefined && snapshot.step !== last.step;
      const unitChanged = last !== undefined && snapshot.unit !== last.unit;
      if (unitChanged) phaseStarted = now;
      last = snapshot;
      if (!stepChanged && !unitChanged && now - lastDrawn < (isTTY ? TTY_INTERVAL_MS : PLAIN_INTERVAL_MS)) return;
      lastDrawn = now;
      const line = describe(snapshot, (now - phaseStarted) / 1000);
      write(isTTY ? `\r${renderBar(snapshot)} ${line}\u001b[K` : `${line}\n`);
    },
    finish(): void {
      if (last === undefined) return;
      if (isTTY) write("\r\u001b[K");
      else write(`${describeDone(last, (clock() - started) / 1000)}\n`);
    },
  };
}

function describe(snapshot: ProgressSnapshot, elapsedSeconds: number): string {
  const fraction = fractionDone(snapshot);
  const figures = [`${Math.floor(fraction * 100)}%`, `${formatCount(snapshot.count)} ${snapshot.unit}`];
  const detail = snapshot.detail === undefined ? [] : [snapshot.detail];
  if (snapshot.step !== undefined) return [...figures, `finishing: ${snapshot.step}`, ...detail].join("  ");
  const rate = elapsedSeconds > 0 ? snapshot.count / elapsedSeconds : 0;
  const remaining = fraction > 0 && elapsedSeconds > 0 ? (elapsedSeconds / fraction) * (1 - fraction) : Number.NaN;
  return [...figures, `${formatCount(Math.round(rate))} ${snapshot.unit}/s`, `ETA ${Number.isFinite(remaining) ? formatDuration(remaining) : "--"}`, ...detail].join("  ");
}

function describeDone(snapshot: ProgressSnapshot, elapsedSeconds: number): string {
  return `100%  ${formatCount(snapshot.count)} ${snapshot.unit}  done in ${formatDuration(elapsedSeconds)}`;
}

function fractionDone(snapshot: ProgressSnapshot): number {
  return snapshot.total > 0 ? Math.min(1, snapshot.done / snapshot.total) : 0;
}

function renderBar(snapshot: ProgressSnapshot): string {
  const filled = Math.round(fractionDone(snapshot) * BAR_WIDTH);
  return `[${"#".repeat(filled)}${"-".repeat(BAR_WIDTH - filled)}]`;
}

function formatDuration(seconds: number): string {
  const wholeSeconds = Math.ceil(seconds);
  if (wholeSeconds < 60) return `${wholeSeconds}s`;
  return `${Math.floor(wholeSeconds / 60)}m${String(wholeSeconds % 60).padStart(2, "0")}s`;
}
