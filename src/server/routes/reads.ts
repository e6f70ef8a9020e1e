import { Elysia } from "elysia";
import { READS_PATH, ReadAnswers, ReadsQuery, type ReadAnswer } from "../../contracts/reads.ts";
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
    async ({ query, request }) => {
      const reads = query.url.map((url) => readRequest(url, request));
      return Promise.all(reads.map(async (read): Promise<ReadAnswer> => {
        const answer = await context.answer(read);
        return { status: answer.status, total: answer.headers.get("x-total-count"), body: await answer.text() };
      }));
    },
    { signedIn: true, query: ReadsQuery, ...answers(ReadAnswers) },
  );
}

function readRequest(url: string, together: Request): Request {
  const own = new URL(together.url);
  const read = URL.canParse(url, own) ? new URL(url, own) : undefined;
  if (read === undefined || read.origin !== own.origin || !url.startsWith("/api/") || !read.pathname.startsWith("/api/") || read.pathname === READS_PATH) {
    throw invalid("url", `url must be a read of the API (/api/…), not ${JSON.stringify(url.slice(0, 100))}`);
  }
  return new Request(read, { headers: together.headers });
}
