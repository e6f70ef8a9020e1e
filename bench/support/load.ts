/** A small closed-loop load generator: a fixed number of connections, each sending its next request when the last is answered. */
export interface LoadResult {
  name: string;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  requestsPerSecond: number;
}

export async function measureLoad(
  name: string,
  nextRequest: (index: number) => Request,
  options: { concurrency?: number; requests?: number; warmup?: number } = {},
): Promise<LoadResult> {
  const concurrency = options.concurrency ?? 16;
  const requests = options.requests ?? 2000;
  await runLoop(nextRequest, concurrency, options.warmup ?? 200, () => {});
  const latencies: number[] = [];
  const started = performance.now();
  await runLoop(nextRequest, concurrency, requests, (ms) => latencies.push(ms));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (fraction: number) => latencies[Math.min(latencies.length - 1, Math.floor(fraction * latencies.length))]!;
  return { name, requests, p50: at(0.5), p95: at(0.95), p99: at(0.99), requestsPerSecond: requests / seconds };
}

async function runLoop(nextRequest: (index: number) => Request, concurrency: number, total: number, record: (ms: number) => void): Promise<void> {
  let issued = 0;
  const connection = async () => {
    while (issued < total) {
      const index = issued++;
      const started = performance.now();
      const response = await fetch(nextRequest(index));
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${response.status} from ${response.url}`);
      record(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, connection));
}

export function formatLoad(result: LoadResult, targetP95?: number): string {
  const verdict = targetP95 === undefined ? "" : `  (p95 target <= ${targetP95} ms ${result.p95 <= targetP95 ? "met" : "MISSED"})`;
  return `${result.name.padEnd(52)} p50 ${result.p50.toFixed(1).padStart(6)} ms  p95 ${result.p95.toFixed(1).padStart(6)} ms  p99 ${result.p99.toFixed(1).padStart(6)} ms  ${Math.round(result.requestsPerSecond).toLocaleString("en-US").padStart(7)} req/s${verdict}`;
}
