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
  if (request.body === null) return answer(handle, request, () => request.clone(), whileWaiting);
  const body = new RecordedBody(request.body);
  return answer(handle, withBody(request, body.stream), () => withBody(request, body.bytes()), whileWaiting);
}

/**
 * The request the server received, of one handed to the app: only that one knows the client's address
 * (Bun's requestIP), and the app is handed copies that carry its body.
 */
export function receivedRequest(request: Request): Request {
  return received.get(request) ?? request;
}

type Handler = (request: Request) => Response | Promise<Response>;

function answer(handle: Handler, request: Request, spare: () => Request, whileWaiting: () => void): Response | Promise<Response> {
  const first = handle(request);
  if (first instanceof Promise) return first.then((settled) => (isBusy(settled) ? tryAgain(handle, spare, whileWaiting) : settled));
  return isBusy(first) ? tryAgain(handle, spare, whileWaiting) : first;
}

/**
 * A body can be read once. Teeing it (Request.clone) would have the spare branch buffer whatever the
 * sender streams, past the limits the app reads within (body-limits.ts), and a branch left unread keeps
 * the connection open when the other is cancelled, so that the server never finishes stopping. Instead the
 * bytes are kept as the app reads them: a write refused as busy happens after its body was read whole.
 */
class RecordedBody {
  private readonly chunks: Uint8Array[] = [];
  readonly stream: ReadableStream<Uint8Array>;

  constructor(source: ReadableStream<Uint8Array>) {
    const reader = source.getReader();
    this.stream = new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        this.chunks.push(value);
        controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
  }

  bytes(): Blob {
    return new Blob([Buffer.concat(this.chunks)]);
  }
}

const received = new WeakMap<Request, Request>();

function withBody(request: Request, body: ReadableStream<Uint8Array> | Blob): Request {
  const copy = new Request(request.url, { method: request.method, headers: request.headers, body, signal: request.signal });
  received.set(copy, request);
  return copy;
}

async function tryAgain(handle: Handler, spare: () => Request, whileWaiting: () => void): Promise<Response> {
  const giveUpAt = performance.now() + PATIENCE_MS;
  let answer: Response;
  for (const pause of pausesWhileBusy()) {
    whileWaiting();
    await Bun.sleep(pause);
    answer = await handle(spare());
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
