import { Elysia } from "elysia";
import { READ_ANSWERS_CONTENT_TYPE, READS_PATH, ReadAnswer, ReadsQuery } from "../../contracts/reads.ts";
import { invalid } from "../../core/errors.ts";
import type { ServerContext } from "../context.ts";
import { sessionGuard } from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";

/**
 * Reads asked for together (contracts/reads.ts). Each is a GET handed to the server as a request of its own,
 * with this one's headers (its session cookie), so that it passes every check a read asked alone passes
 * and is answered the same; only GETs of the API, and never this route itself.
 */
export function readRoutes(context: ServerContext) {
  return new Elysia().use(sessionGuard(context)).get(
    READS_PATH,
    ({ query, request }) => {
      const reads = query.url.map((url) => readRequest(url, request));
      const encoder = new TextEncoder();
      const answered = new ReadableStream<Uint8Array>({
        async start(lines) {
          await Promise.all(
            reads.map(async (read, index) => {
              const answer = await context.answer(read);
              const line: ReadAnswer = { index, status: answer.status, total: answer.headers.get("x-total-count"), body: await answer.text() };
              lines.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
            }),
          );
          lines.close();
        },
      });
      return new Response(answered, { headers: { "content-type": READ_ANSWERS_CONTENT_TYPE } });
    },
    {
      signedIn: true,
      query: ReadsQuery,
      ...answers(ReadAnswer, { contentType: READ_ANSWERS_CONTENT_TYPE, description: "One answer a line, each as soon as it is ready" }),
    },
  );
}

function readRequest(url: string, together: Request): Request {
  // A path of this server's (an absolute URL, or one with a host, starts otherwise), still in the API once
  // its dots are resolved.
  const read = url.startsWith("/api/") ? new URL(url, together.url) : undefined;
  if (read === undefined || !read.pathname.startsWith("/api/") || read.pathname === READS_PATH) {
    throw invalid("url", `url must be a read of the API (/api/…), not ${JSON.stringify(url.slice(0, 100))}`);
  }
  return new Request(read, { headers: together.headers });
}
