import { pausesWhileBusy } from "../core/database/busy.ts";

/** Marks an answer refused because another process held the database's write lock, for answerWhenDatabaseFree. */
export const DATABASE_BUSY_HEADER = "x-crm-database-busy";

/**
 * Answers an API request, and if the database was busy with another process's write (a CLI import commits
 * in short batches), answers it again after a short pause, without blocking the event loop: every other
 * request goes on being answered meanwhile, and reads never wait at all (WAL). A request refused that way
 * wrote nothing (its transaction was refused at its first write), so it is safe to handle again.
 *
 * `whileWaiting` is told at each refusal: the server tells the process holding the lock (tellWritersWaiting).
 * An answer ready at once goes back as it is, without a promise: most requests take that path.
 */
export function answerWhenDatabaseFree(handle: Handler, request: Request, whileWaiting: () => void): Response | Promise<Response> {
  // A body can be read once: a spare copy is kept for a second attempt (bodies are small: body-limits.ts).
  const spare = request.body === null ? request : request.clone();
  const answer = handle(request);
  if (answer instanceof Promise) return answer.then((settled) => (isBusy(settled) ? tryAgain(handle, spare, whileWaiting) : settled));
  return isBusy(answer) ? tryAgain(handle, spare, whileWaiting) : answer;
}

type Handler = (request: Request) => Response | Promise<Response>;

async function tryAgain(handle: Handler, spare: Request, whileWaiting: () => void): Promise<Response> {
  const giveUpAt = performance.now() + PATIENCE_MS;
  let answer: Response;
  for (const pause of pausesWhileBusy()) {
    whileWaiting();
    await Bun.sleep(pause);
    answer = await handle(spare.clone());
    if (!isBusy(answer) || performance.now() + pause > giveUpAt) break;
  }
  answer!.headers.delete(DATABASE_BUSY_HEADER);
  return answer!;
}

function isBusy(answer: Response): boolean {
  return answer.status === 503 && answer.headers.has(DATABASE_BUSY_HEADER);
}

/** Past this, the caller is told to try again (503 with Retry-After) rather than kept waiting. */
const PATIENCE_MS = 10_000;
