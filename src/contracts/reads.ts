import { t } from "./type-builder.ts";

/**
 * Reads asked for together: the dashboard sends the reads it asks for in the same moment (a screen's
 * first reads, the fourteen of Settings) in one request, since a browser sends at most six at once to a
 * server and each costs it milliseconds of its own. Each read is answered as if asked alone, with the
 * same session: its status, its count, its body. The answers are sent one a line as each is ready, so
 * that a slow read holds none of the others back.
 *   GET  /api/reads?url=/api/team&url=/api/lists  (→ a ReadAnswer a line, NDJSON, as they are ready); signed in
 */
export const READS_PATH = "/api/reads";
/** Settings asks for fourteen at once; more are sent as several requests. */
export const READS_MAX_URLS = 20;

export const ReadsQuery = t.Object({
  url: t.Array(t.String({ description: "A GET of the API, /api/…, with its query" }), { minItems: 1, maxItems: READS_MAX_URLS }),
});
export type ReadsQuery = typeof ReadsQuery.static;

export const READ_ANSWERS_CONTENT_TYPE = "application/x-ndjson";

export const ReadAnswer = t.Object({
  index: t.Integer({ minimum: 0, description: "Which read of the request it answers, from 0 in the order of the url parameters" }),
  status: t.Integer({ description: "The HTTP status the read alone would have had" }),
  total: t.Union([t.String(), t.Null()], { description: "Its X-Total-Count header: how many match over all pages of a counted list" }),
  body: t.String({ description: "Its body as it would have come, JSON" }),
});
export type ReadAnswer = typeof ReadAnswer.static;
