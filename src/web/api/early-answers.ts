/**
 * Reads asked for as soon as the page's script runs, by first-reads.ts, before the dashboard has rendered:
 * when the dashboard then reads the same URL, `send` (client.ts) takes the answer already under way instead
 * of asking again. Each answer is taken once, and only by a read made soon after the page opened, so that a
 * read after a change never gets what was true before it. A URL the dashboard has asked for itself already
 * (a read that waited on another answer, overtaken by the screen) is not asked for again.
 */
const TAKEN_WITHIN_MS = 10_000;
/** The page's script loads this module as it starts. */
const PAGE_STARTED_AT = performance.now();

const earlyAnswers = new Map<string, Promise<Response>>();
const askedByTheDashboard = new Set<string>();

/**
 * GETs `url` now, with the session cookie. Resolves to a copy of the answer for the caller, who may read it
 * too, or to null when none came or the dashboard has asked for it already: the read that takes the answer
 * over reports a failure as its own.
 */
export function askEarly(url: string): Promise<Response | null> {
  if (askedByTheDashboard.has(url)) return Promise.resolve(null);
  const answer = fetch(url, { credentials: "include" });
  earlyAnswers.set(url, answer);
  return answer.then(
    (response) => response.clone(),
    () => null,
  );
}

/** Drops the answers nobody has taken: they were asked for with a session that has ended. */
export function forgetEarlyAnswers(): void {
  earlyAnswers.clear();
}

/** The answer of an early read of `url`, once, while the page is new; undefined when the dashboard is to ask itself. */
export function takeEarlyAnswer(url: string): Promise<Response> | undefined {
  if (performance.now() - PAGE_STARTED_AT > TAKEN_WITHIN_MS) return undefined;
  const answer = earlyAnswers.get(url);
  earlyAnswers.delete(url);
  if (answer === undefined) askedByTheDashboard.add(url);
  return answer;
}
