import { PAGE_PRELOADED_READS } from "../../contracts/dashboard-paths.ts";
import { READS_MAX_URLS, READS_PATH, type ReadAnswer, type ReadAnswers } from "../../contracts/reads.ts";

/**
 * GETs `url` with the session cookie, together with the other reads asked for in the same moment (before
 * the script next yields): one request for all of them (contracts/reads.ts), where the browser would send
 * six at a time, each costing it milliseconds of its own. Settings' fourteen first reads came back in
 * three waves, 60-130 ms after they were asked for; together, in one. Each read resolves to an answer of
 * its own, as fetch gives it. A read asked for alone is fetched as it is, and so is one the page preloads,
 * whose answer the browser hands over only to a fetch of its own.
 */
export function readTogether(url: string): Promise<Response> {
  if (!url.startsWith("/api/") || url.startsWith(READS_PATH) || PAGE_PRELOADED_READS.includes(url)) return fetchAlone(url);
  return new Promise((resolve, reject) => {
    pending.push({ url, resolve, reject });
    if (pending.length === 1) queueMicrotask(sendPending);
  });
}

interface PendingRead {
  url: string;
  resolve(answer: Response): void;
  reject(error: unknown): void;
}

let pending: PendingRead[] = [];

function sendPending(): void {
  const reads = pending;
  pending = [];
  for (let start = 0; start < reads.length; start += READS_MAX_URLS) void send(reads.slice(start, start + READS_MAX_URLS));
}

async function send(reads: PendingRead[]): Promise<void> {
  if (reads.length === 1) {
    const [read] = reads as [PendingRead];
    return fetchAlone(read.url).then(read.resolve, read.reject);
  }
  try {
    const answer = await fetchAlone(`${READS_PATH}?${new URLSearchParams(reads.map((read) => ["url", read.url]))}`);
    if (!answer.ok) {
      // Refused as a whole (the session has ended, say): each read is answered so, as it would have been alone.
      const body = await answer.text();
      for (const read of reads) read.resolve(new Response(body, { status: answer.status, statusText: answer.statusText, headers: answer.headers }));
      return;
    }
    const answers = (await answer.json()) as ReadAnswers;
    reads.forEach((read, index) => read.resolve(responseOf(answers[index]!)));
  } catch (error) {
    for (const read of reads) read.reject(error);
  }
}

function fetchAlone(url: string): Promise<Response> {
  return fetch(url, { credentials: "include" });
}

/** A read's answer as fetch would have given it. */
function responseOf({ status, total, body }: ReadAnswer): Response {
  const headers = new Headers({ "content-type": "application/json" });
  if (total !== null) headers.set("x-total-count", total);
  // An answer of no content (204) cannot carry a body, even an empty one.
  return new Response(status === 204 ? null : body, { status, headers });
}
