import { PAGE_PRELOADED_READS } from "../../contracts/dashboard-paths.ts";
import { READS_MAX_URLS, READS_PATH, type ReadAnswer } from "../../contracts/reads.ts";

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
    if (!answer.ok || answer.body === null) {
      // Refused as a whole (the session has ended, say): each read is answered so, as it would have been alone.
      const body = await answer.text();
      for (const read of reads) read.resolve(new Response(body, { status: answer.status, statusText: answer.statusText, headers: answer.headers }));
      return;
    }
    // One answer a line, each as soon as the server has it: a slow read holds none of the others back.
    for await (const line of linesOf(answer.body)) {
      const one = JSON.parse(line) as ReadAnswer;
      reads[one.index]?.resolve(responseOf(one));
    }
    // Settling a promise again changes nothing: only the reads left unanswered fail.
    for (const read of reads) read.reject(new TypeError("The server's answer ended before every read was answered"));
  } catch (error) {
    for (const read of reads) read.reject(error);
  }
}

/** The stream's text, a line at a time. */
async function* linesOf(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const bytes = body.getReader();
  const decoder = new TextDecoder();
  let unfinished = "";
  for (;;) {
    const { done, value } = await bytes.read();
    if (done) return;
    const lines = (unfinished + decoder.decode(value, { stream: true })).split("\n");
    unfinished = lines.pop()!;
    yield* lines;
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
