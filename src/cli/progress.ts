import { writeSync } from "node:fs";

export interface ProgressSnapshot {
  done: number;
  total: number;
  /** What `done` counts and what is shown beside it, e.g. 12,345 rows. */
  count: number;
  unit: string;
}

const TTY_INTERVAL_MS = 100;
const PLAIN_INTERVAL_MS = 5000;
const BAR_WIDTH = 28;

/**
 * Progress on stderr: a redrawn bar with rate and ETA on a terminal, a plain line every few seconds
 * otherwise (cron logs). Writes synchronously because imports run synchronously inside a transaction.
 */
export function createProgressReporter(options: { isTTY?: boolean } = {}) {
  const isTTY = options.isTTY ?? process.stderr.isTTY === true;
  const started = performance.now();
  let lastDrawn = Number.NEGATIVE_INFINITY;
  let drewBar = false;

  return {
    update(snapshot: ProgressSnapshot): void {
      const now = performance.now();
      if (now - lastDrawn < (isTTY ? TTY_INTERVAL_MS : PLAIN_INTERVAL_MS)) return;
      lastDrawn = now;
      const line = describe(snapshot, (now - started) / 1000);
      if (isTTY) {
        writeSync(2, `\r${renderBar(snapshot)} ${line}\u001b[K`);
        drewBar = true;
      } else {
        writeSync(2, `${line}\n`);
      }
    },
    finish(): void {
      if (drewBar) writeSync(2, "\r\u001b[K");
    },
  };
}

function describe(snapshot: ProgressSnapshot, elapsedSeconds: number): string {
  const fraction = snapshot.total > 0 ? Math.min(1, snapshot.done / snapshot.total) : 0;
  const rate = elapsedSeconds > 0 ? snapshot.count / elapsedSeconds : 0;
  const remaining = fraction > 0 ? (elapsedSeconds / fraction) * (1 - fraction) : Number.NaN;
  return [
    `${Math.floor(fraction * 100)}%`,
    `${snapshot.count.toLocaleString("en-US")} ${snapshot.unit}`,
    `${Math.round(rate).toLocaleString("en-US")} ${snapshot.unit}/s`,
    `ETA ${Number.isFinite(remaining) ? formatDuration(remaining) : "--"}`,
  ].join("  ");
}

function renderBar(snapshot: ProgressSnapshot): string {
  const filled = snapshot.total > 0 ? Math.round((Math.min(snapshot.done, snapshot.total) / snapshot.total) * BAR_WIDTH) : 0;
  return `[${"#".repeat(filled)}${"-".repeat(BAR_WIDTH - filled)}]`;
}

function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.ceil(seconds)}s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}m${String(Math.ceil(seconds % 60)).padStart(2, "0")}s`;
}
