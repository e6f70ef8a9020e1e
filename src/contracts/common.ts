import type { TLiteral, TUnion } from "@sinclair/typebox";
import { CUSTOMER_EMAIL_PATTERN } from "./email-address.ts";
import { IntegerText, t } from "./type-builder.ts";

/**
 * The pieces every resource's contract is built from. A contract declares what a route accepts (params,
 * query, body) and answers (response), with its enums and limits; the server validates with it, core and
 * the dashboard import its values and `.static` types, and GET /api/openapi.json is generated from it.
 *
 * Query and path values arrive as text: a refused one answers 400 with the message given here, which names
 * the parameter, as Elysia alone would not for a number out of range.
 */

/** The largest JSON body a route reads; larger is refused with 413 before it is read in full. */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;

/** How deeply a JSON body may nest objects and arrays: no contract goes past a few levels. */
export const JSON_BODY_MAX_DEPTH = 32;

/** The largest JSON body of a route anybody may call without a session (sign-in, the webhook). */
export const PUBLIC_BODY_MAX_BYTES = 64 * 1024;

/** The longest list page any route answers; bulk tools ask for this many. */
export const MAX_PAGE_SIZE = 500;

/** Far beyond any table's size, and within what SQLite takes as an OFFSET. */
const MAX_OFFSET = 1_000_000_000;

export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** A whole number from `min` to `max` in a query string or path, in decimal digits, refused with a message naming it. */
export function wholeNumber(name: string, min: number, max: number) {
  // The title names the value for the error answer too: Elysia checks a number's range apart from its name.
  return IntegerText({ title: name, minimum: min, maximum: max, error: wholeNumberMessage(name, min, max) });
}

/** A whole number from `min` to `max` in a JSON body: a number, as JSON writes it, refused with a message naming it. */
export function wholeNumberField(name: string, min: number, max: number) {
  return t.Integer({ minimum: min, maximum: max, error: wholeNumberMessage(name, min, max) });
}

const wholeNumberMessage = (name: string, min: number, max: number) => `${name} must be a whole number from ${min} to ${max}`;

/** One of a fixed set of texts, refused with a message naming the parameter and the set. */
export function oneOf<const Values extends readonly [string, ...string[]]>(name: string, values: Values, description?: string) {
  const literals = values.map((value) => t.Literal(value)) as unknown as [TLiteral<Values[number]>];
  return t.Union(literals, { error: `${name} must be one of ${values.join(", ")}`, description }) as unknown as TUnion<[TLiteral<Values[number]>]>;
}

/** A yes/no query value: `true` or `false`. */
export function flag(name: string, description?: string) {
  return t.BooleanString({ error: `${name} must be true or false`, description });
}

/** How a calendar date is written: YYYY-MM-DD, of a year from 1000, as far as the time-zone arithmetic reaches. */
export const CALENDAR_DATE_PATTERN = "^([1-9]\\d{3})-(\\d{2})-(\\d{2})$";

/** A New York calendar date, YYYY-MM-DD, a real one (no February 30). */
export function calendarDate(name: string, description?: string) {
  return t.String({ format: "date", pattern: CALENDAR_DATE_PATTERN, error: `${name} must be a date written YYYY-MM-DD`, description });
}

/** The id of a record (an account, a user…) where a path or a query string names one: decimal digits, 1 or more. */
export function recordId(name: string) {
  return wholeNumber(name, 1, Number.MAX_SAFE_INTEGER);
}

/** The id of a record where a JSON body names one: a number of 1 or more. */
export function recordIdField(name: string) {
  return wholeNumberField(name, 1, Number.MAX_SAFE_INTEGER);
}

/** The id of a record in the path: anything else answers 400 naming it. */
export const IdParams = t.Object({ id: recordId("id") });
export type IdParams = typeof IdParams.static;

/** limit and offset of a paged list; the total over all pages comes in the X-Total-Count header. */
export function pageQuery(maxLimit: number = MAX_PAGE_SIZE) {
  return {
    limit: t.Optional(wholeNumber("limit", 1, maxLimit)),
    offset: t.Optional(wholeNumber("offset", 0, MAX_OFFSET)),
  };
}

/** An instant as JSON carries it: ISO 8601 in UTC. */
export const IsoTime = t.String({ format: "date-time" });

/** A New York calendar day as JSON carries it. */
export const CalendarDay = t.String({ format: "date", description: "A New York calendar date, YYYY-MM-DD" });

/** Money as JSON carries it: a number of US dollars (the database keeps whole cents). */
export const Dollars = t.Number({ description: "US dollars" });

/** Every refused request's answer. `field` names the input at fault when there is one. */
export const ErrorAnswer = t.Object({ message: t.String(), field: t.Optional(t.String()) });

/** The answer of an action that has nothing else to say. */
export const MessageAnswer = t.Object({ message: t.String() });

/** The longest name, e-mail, phone or title staff may type: longer is a paste gone wrong. */
export const SHORT_TEXT_MAX_LENGTH = 200;

/** A one-line text a person types, at most SHORT_TEXT_MAX_LENGTH once trimmed (core trims, and stores a blank optional one as none). */
export const ShortText = t.String({ maxLength: SHORT_TEXT_MAX_LENGTH });

/**
 * Some character other than a space: what text that is required must hold, as core trims it and refuses it
 * blank. A JSON Schema pattern, found anywhere in the text; the error answer says "is required" (errors.ts).
 */
export const NOT_BLANK_PATTERN = "\\S";

/** Text a person must give, of at most `maxLength` characters: blank is refused as missing. */
export function requiredText(maxLength: number, description?: string) {
  return t.String({ minLength: 1, maxLength, pattern: NOT_BLANK_PATTERN, description });
}

/** A one-line text a person must give: a name, a title. */
export const RequiredShortText = requiredText(SHORT_TEXT_MAX_LENGTH);

/** A customer's e-mail address as staff type it (CUSTOMER_EMAIL_PATTERN): core trims it and lowers its case. */
export function customerEmail(name: string) {
  return t.String({ maxLength: SHORT_TEXT_MAX_LENGTH, pattern: `^\\s*${CUSTOMER_EMAIL_PATTERN}\\s*$`, error: refusalWithText(name, "is not a valid e-mail address") });
}

/**
 * A body field's refusal as core words it, with the text given ("email is not a valid e-mail address: ada").
 * Elysia gives a contract's message function the whole body it checked, in which the field is found by its name.
 */
export function refusalWithText(name: string, refusal: string) {
  return ({ found }: { found: unknown }) => `${name} ${refusal}: ${String((found as Record<string, unknown> | null)?.[name] ?? "").trim()}`;
}

/**
 * Text looked for in the accounts (the header search, the accounts table's filter): NUL, which nobody
 * types, is refused, as the full-text index's query syntax cannot carry it.
 */
export function searchText(name: string, description: string) {
  return t.String({
    maxLength: SHORT_TEXT_MAX_LENGTH,
    pattern: "^[^\\u0000]*$",
    error: `${name} must be text of at most ${SHORT_TEXT_MAX_LENGTH} characters, without NUL characters`,
    description,
  });
}

/**
 * How long a merge, a bulk list or owner change, or a deletion (in the recycle bin) can be undone: long
 * enough to notice a mistake at the next month's review, short enough that what undo puts back still fits.
 */
export const UNDO_WINDOW_DAYS = 30;

/** A bulk list or owner change, for POST /api/bulk-changes/{id}/undo; null when it changed no account. */
export const BulkChangeId = t.Union([t.Integer(), t.Null()], { description: "For POST /api/bulk-changes/{id}/undo; null when nothing changed (or a dry run)" });
