import { readTogether } from "./reads-together";

/**
 * Reads asked for as soon as the page's script runs, by first-reads.ts, before the dashboard has rendered:
 * those answered in time are in SWR's cache for the first render (main.tsx), and when the dashboard then
 * reads the same URL, `send` (client.ts) takes the answer already under way instead of asking again. Each
 * answer is taken once, only by a read made soon after the page opened and before the dashboard has changed
 * anything (and, for an answer in SWR's cache, on the first render's frame), so that a read after a change
 * never gets what was true before it. A URL the dashboard has asked for itself already
 * (a read that waited on another answer, overtaken by the screen) is not asked for again.
 */
const TAKEN_WITHIN_MS = 10_000;
/** The page's script loads this module as it starts. */
const PAGE_STARTED_AT = performance.now();

const earlyAnswers = new Map<string, Promise<Response>>();
/** The answers that have come, by URL (null when none came), so that they can be found without waiting. */
const arrived = new Map<string, Response | null>();
const askedByTheDashboard = new Set<string>();

/**
 * GETs `url` now, with the session cookie. Resolves to a copy of the answer for the caller, who may read it
 * too, or to null when none came or the dashboard has asked for it already: the read that takes the answer
 * over reports a failure as its own.
 */
export function askEarly(url: string): Promise<Response | null> {
  if (askedByTheDashboard.has(url)) return Promise.resolve(null);
  const answer = readTogether(url);
  earlyAnswers.set(url, answer);
  return answer.then(
    (response) => {
      arrived.set(url, response);
      return response.clone();
    },
    () => {
      arrived.set(url, null);
      return null;
    },
  );
}

/** Resolves once every read asked for so far has its answer, or has failed. */
export async function earlyAnswersCome(): Promise<void> {
  await Promise.allSettled(earlyAnswers.values());
}

/**
 * The successful answers that have come and that nobody has taken yet, each as a copy to read: main.tsx
 * puts them in SWR's cache before the first render. The answers themselves stay to be taken, by a read
 * that asks again as its screen mounts.
 */
export function untakenEarlyAnswers(): [url: string, answer: Response][] {
  return [...earlyAnswers.keys()].flatMap((url) => {
    const answer = arrived.get(url);
    return answer?.ok ? [[url, answer.clone()] as [string, Response]] : [];
  });
}

/**
 * Drops the answers nobody has taken: when the session ends, as they were asked for with it; when the
 * dashboard changes something, as they may say what was true before the change; and those in SWR's cache
 * once the first render's reads have taken theirs (`urls`), as a later read must ask the server.
 */
export function forgetEarlyAnswers(urls?: readonly string[]): void {
  for (const url of urls ?? [...earlyAnswers.keys()]) {
    earlyAnswers.delete(url);
    arrived.delete(url);
  }
}

/** The answer of an early read of `url`, once, while the page is new; undefined when the dashboard is to ask itself. */
export function takeEarlyAnswer(url: string): Promise<Response> | undefined {
  if (performance.now() - PAGE_STARTED_AT > TAKEN_WITHIN_MS) return undefined;
  const answer = earlyAnswers.get(url);
  earlyAnswers.delete(url);
  if (answer === undefined) askedByTheDashboard.add(url);
  return answer;
}
