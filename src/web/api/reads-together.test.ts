import { afterAll, afterEach, beforeEach, describe, expect, test } from "bun:test";
import { READ_ANSWERS_CONTENT_TYPE, READS_MAX_URLS, READS_PATH, type ReadAnswer } from "../../contracts/reads.ts";
import { readTogether } from "./reads-together";

/**
 * A stand-in of the server on loopback, recording each request: a read alone answers its path; reads asked
 * together are answered as the server answers them (contracts/reads.ts), one line each as it is ready:
 * /api/empty with 204, /api/slow only once `releaseSlow` is called. `refuseTogether` makes it refuse reads
 * together as a whole, as it does a request without a session.
 */
const requests: string[] = [];
let refuseTogether = false;
let releaseSlow = () => {};
const server = Bun.serve({
  port: 0,
  fetch(request) {
    const url = new URL(request.url);
    requests.push(url.pathname + url.search);
    if (url.pathname !== READS_PATH) return Response.json({ alone: url.pathname });
    if (refuseTogether) return Response.json({ message: "Not signed in" }, { status: 401 });
    const slow = new Promise<void>((resolve) => (releaseSlow = resolve));
    const answerOf = (read: string, index: number): ReadAnswer =>
      read === "/api/empty" ? { index, status: 204, total: null, body: "" } : { index, status: read.includes("missing") ? 404 : 200, total: read.includes("page") ? "42" : null, body: JSON.stringify({ read }) };
    const reads = url.searchParams.getAll("url");
    const body = new ReadableStream<string>({
      async start(lines) {
        for (const [index, read] of reads.entries()) if (read !== "/api/slow") lines.enqueue(`${JSON.stringify(answerOf(read, index))}\n`);
        if (reads.includes("/api/slow")) {
          await slow;
          lines.enqueue(`${JSON.stringify(answerOf("/api/slow", reads.indexOf("/api/slow")))}\n`);
        }
        lines.close();
      },
    }).pipeThrough(new TextEncoderStream());
    return new Response(body, { headers: { "content-type": READ_ANSWERS_CONTENT_TYPE } });
  },
});
const realFetch = globalThis.fetch;

describe("reads asked for together", () => {
  beforeEach(() => {
    requests.length = 0;
    refuseTogether = false;
    // The dashboard's URLs are the page's own: here, the stand-in's.
    globalThis.fetch = ((url: string, init?: RequestInit) => realFetch(new URL(url, server.url), init)) as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
  afterAll(() => server.stop(true));

  test("reads asked for in the same moment go in one request, each answered with its own status, count and body", async () => {
    const [page, team, missing] = await Promise.all([readTogether("/api/accounts?page=1&limit=10"), readTogether("/api/team"), readTogether("/api/accounts/missing")]);
    expect(requests).toEqual([`${READS_PATH}?${new URLSearchParams([["url", "/api/accounts?page=1&limit=10"], ["url", "/api/team"], ["url", "/api/accounts/missing"]])}`]);
    expect({ status: page!.status, total: page!.headers.get("x-total-count"), body: await page!.json() }).toEqual({ status: 200, total: "42", body: { read: "/api/accounts?page=1&limit=10" } });
    expect({ status: team!.status, total: team!.headers.get("x-total-count"), body: await team!.json() }).toEqual({ status: 200, total: null, body: { read: "/api/team" } });
    expect({ status: missing!.status, ok: missing!.ok }).toEqual({ status: 404, ok: false });
  });

  test("each read has its answer as soon as the server has it: a slow one holds none of the others back", async () => {
    const slow = readTogether("/api/slow");
    const fast = await readTogether("/api/team");
    expect(await fast.json()).toEqual({ read: "/api/team" });
    let slowAnswered = false;
    void slow.then(() => (slowAnswered = true));
    await Bun.sleep(0);
    expect(slowAnswered).toBe(false);
    releaseSlow();
    expect(await (await slow).json()).toEqual({ read: "/api/slow" });
  });

  test("a read asked for alone, or a moment after another, is sent as it is", async () => {
    expect(await (await readTogether("/api/team")).json()).toEqual({ alone: "/api/team" });
    await readTogether("/api/lists");
    expect(requests).toEqual(["/api/team", "/api/lists"]);
  });

  test("the reads the page preloads are never sent together", async () => {
    await Promise.all([readTogether("/api/auth/me"), readTogether("/api/config"), readTogether("/api/team"), readTogether("/api/lists")]);
    expect(requests.sort()).toEqual(["/api/auth/me", "/api/config", `${READS_PATH}?url=%2Fapi%2Fteam&url=%2Fapi%2Flists`]);
  });

  test("refused as a whole (the session has ended), every read gets that answer", async () => {
    refuseTogether = true;
    const answers = await Promise.all([readTogether("/api/team"), readTogether("/api/lists")]);
    expect(await Promise.all(answers.map(async (answer) => ({ status: answer.status, body: await answer.json() })))).toEqual([
      { status: 401, body: { message: "Not signed in" } },
      { status: 401, body: { message: "Not signed in" } },
    ]);
  });

  test("more than the server takes at once are sent in several requests; an answer of no content has no body", async () => {
    const answers = await Promise.all([...Array.from({ length: READS_MAX_URLS + 1 }, (_, index) => readTogether(`/api/accounts/${index}`)), readTogether("/api/empty")]);
    expect(requests.map((request) => new URLSearchParams(request.split("?")[1]).getAll("url").length)).toEqual([READS_MAX_URLS, 2]);
    const empty = answers.at(-1)!;
    expect({ status: empty.status, body: empty.body }).toEqual({ status: 204, body: null });
  });
});
