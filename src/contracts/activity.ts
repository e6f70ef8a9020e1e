import { t } from "./type-builder.ts";
import { IsoTime, oneOf, pageQuery, requiredText } from "./common.ts";

/**
 * An account's timeline: every change made to the account, the calls, e-mails and meetings staff log, and the
 * e-mail of its threads read from the team's mailboxes.
 *   GET    /api/accounts/{id}/activity   a page of it, newest first (ActivityListQuery → ActivityEntry[], X-Total-Count)
 *   POST   /api/accounts/{id}/activity   log a contact by hand (NewActivityBody → ActivityEntry, 201)
 */

/** Kinds staff log by hand from the 'Log Activity' dialog. */
export const LOGGED_ACTIVITY_KINDS = ["call", "email", "meeting", "other"] as const;
export type LoggedActivityKind = (typeof LOGGED_ACTIVITY_KINDS)[number];

/** Counted once trimmed. */
export const ACTIVITY_SUMMARY_MAX_LENGTH = 2000;

/** When the caller does not say how many. */
export const DEFAULT_ACTIVITY_PAGE_SIZE = 100;

export const ActivityListQuery = t.Object(pageQuery());
export type ActivityListQuery = typeof ActivityListQuery.static;

export const ActivityEntry = t.Object({
  id: t.Integer(),
  kind: t.String({ description: "A change the server records (account_created, note_added, task_updated...), a logged kind, or one added later" }),
  summary: t.String(),
  actorName: t.Union([t.String(), t.Null()], { description: "Null for changes nobody signed in made, such as orders arriving by webhook" }),
  occurredAt: IsoTime,
  emailThreadId: t.Union([t.Integer(), t.Null()], { description: "For an e-mail (kind email_sent or email_received; its id is the message's): the thread it is in, GET /api/email-threads/{id}" }),
});
export type ActivityEntry = typeof ActivityEntry.static;

export const ActivityList = t.Array(ActivityEntry);

/** POST /api/accounts/{id}/activity: a call, e-mail, meeting or other contact, at the time given or now. */
export const NewActivityBody = t.Object({
  kind: oneOf("kind", LOGGED_ACTIVITY_KINDS),
  summary: requiredText(ACTIVITY_SUMMARY_MAX_LENGTH),
  date: t.Optional(
    t.String({
      format: "date-time",
      maxLength: 100,
      error: "date is not a valid date: give an ISO 8601 date-time such as 2026-11-21T15:30:00Z",
      description: "When it happened, an ISO 8601 date-time; now without it",
    }),
  ),
});
export type NewActivityBody = typeof NewActivityBody.static;
