import { t } from "./type-builder.ts";
import { IsoTime, oneOf } from "./common.ts";
import { WebhookEventSummary } from "./webhooks.ts";
import { formatCount } from "./counts.ts";

/**
 * The settings: everyone signed in sees them (never a secret), only administrators change them.
 *   GET    /api/settings                      the ShipStation integration (→ IntegrationSettings)
 *   PATCH  /api/settings                      save one ShipStation secret, or the API generation in use (SecretChanges → IntegrationSettings)
 *   POST   /api/settings/shipstation/test     call ShipStation with the saved credentials (→ IntegrationSettings)
 *   GET    /api/settings/task-automation      the tasks the server creates by itself (→ TaskAutomationSettings)
 *   PUT    /api/settings/task-automation      replace them whole (TaskAutomationSettings → TaskAutomationSettings)
 *   GET    /api/settings/customer-lifecycle   the windows of the New and Active lists (→ CustomerLifecycleSettings)
 *   PUT    /api/settings/customer-lifecycle   replace them; accounts move at once (CustomerLifecycleSettings → CustomerLifecycleSettings)
 */

/** The secrets of the ShipStation integration, each saved on its own: V1's key, secret and webhook secret, V2's API key. */
export const SHIPSTATION_SECRET_NAMES = ["apiKey", "apiSecret", "webhookSecret", "v2ApiKey"] as const;
export type ShipStationSecretName = (typeof SHIPSTATION_SECRET_NAMES)[number];

/**
 * ShipStation's two API generations: V1 (key and secret, unsigned webhooks; Legacy, on higher plans only)
 * and V2 (one API key, signed webhooks; every plan).
 */
export const SHIPSTATION_API_GENERATIONS = ["v1", "v2"] as const;
export type ShipStationApiGeneration = (typeof SHIPSTATION_API_GENERATIONS)[number];

/** A saved secret's length once trimmed: shorter or longer is a paste gone wrong. */
export const SHIPSTATION_SECRET_LENGTH = { min: 8, max: 200 } as const;

/** An environment variable overrides what is saved here, and cannot be changed from the dashboard. */
export const SECRET_SOURCES = ["environment", "database"] as const;

/** What the dashboard may know of a secret: never its value, only whether and where it is set, and its end. */
export const SecretDescription = t.Object({
  configured: t.Boolean(),
  source: t.Union([oneOf("source", SECRET_SOURCES), t.Null()]),
  hint: t.Union([t.String(), t.Null()], { description: "The last 4 characters after an ellipsis: '…abcd', for administrators only; null otherwise" }),
});
export type SecretDescription = typeof SecretDescription.static;

/** Whether the saved credentials work: 'unchecked' until someone tests them after they change. */
export const CONNECTION_STATES = ["connected", "not_configured", "unchecked", "error"] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

export const ConnectionStatus = t.Object({
  state: oneOf("state", CONNECTION_STATES),
  checkedAt: t.Union([IsoTime, t.Null()], { description: "The last test; null before the first" }),
  message: t.Union([t.String(), t.Null()], { description: "Why the last test failed; null otherwise" }),
});
export type ConnectionStatus = typeof ConnectionStatus.static;

/** ShipStation's status also says which API generation the last test called, and, passed, what its key may do. */
export const ShipStationConnectionStatus = t.Object({
  state: oneOf("state", CONNECTION_STATES),
  checkedAt: t.Union([IsoTime, t.Null()], { description: "The last test; null before the first" }),
  generation: t.Union([oneOf("generation", SHIPSTATION_API_GENERATIONS), t.Null()], { description: "Which API generation the last test called; null before the first" }),
  message: t.Union([t.String(), t.Null()], { description: "Why the last test failed, or which generation answered and what the key may do" }),
});
export type ShipStationConnectionStatus = typeof ShipStationConnectionStatus.static;

export const ShipStationSettings = t.Object({
  generation: oneOf("generation", SHIPSTATION_API_GENERATIONS, "The API generation backfills and Test Connection use: as chosen, else V2 when only a V2 key is set"),
  apiUrl: t.String({ description: "V1's API address" }),
  webhookPath: t.String({ description: "Where ShipStation is to send its V1 webhooks, on this site" }),
  apiKey: SecretDescription,
  apiSecret: SecretDescription,
  webhookSecret: SecretDescription,
  v2ApiUrl: t.String({ description: "V2's API address" }),
  v2WebhookPath: t.String({ description: "Where ShipStation is to send its signed V2 webhooks, on this site" }),
  v2ApiKey: SecretDescription,
  status: ShipStationConnectionStatus,
  webhookEvents: WebhookEventSummary,
});
export type ShipStationSettings = typeof ShipStationSettings.static;

/** What GET and PATCH /api/settings and POST /api/settings/shipstation/test answer. */
export const IntegrationSettings = t.Object({ shipstation: ShipStationSettings });
export type IntegrationSettings = typeof IntegrationSettings.static;

const { min: SECRET_MIN, max: SECRET_MAX } = SHIPSTATION_SECRET_LENGTH;
/** As it is saved once trimmed: no spaces inside, nor control characters. */
const SECRET_PATTERN = `^\\s*[^\\s\\u0000-\\u001f\\u007f]{${SECRET_MIN},${SECRET_MAX}}\\s*$`;
const secretValue = (name: ShipStationSecretName) =>
  t.Optional(t.String({ maxLength: SECRET_MAX, pattern: SECRET_PATTERN, error: `${name} must be ${SECRET_MIN} to ${SECRET_MAX} characters, without spaces or control characters` }));

/** PATCH /api/settings: exactly one secret, trimmed, without spaces or control characters, or the generation to use. */
export const SecretChanges = t.Object({
  apiKey: secretValue("apiKey"),
  apiSecret: secretValue("apiSecret"),
  webhookSecret: secretValue("webhookSecret"),
  v2ApiKey: secretValue("v2ApiKey"),
  generation: t.Optional(oneOf("generation", SHIPSTATION_API_GENERATIONS)),
});
export type SecretChanges = typeof SecretChanges.static;

/** A whole number of days within limits, refused with a message naming the field. */
function wholeDays(name: string, { min, max }: { min: number; max: number }) {
  return t.Integer({ minimum: min, maximum: max, error: `${name} must be a whole number of days from ${min} to ${formatCount(max)}` });
}

/** How many days after the event an automatic task falls due. */
export const TASK_DUE_IN_DAYS = { min: 1, max: 365 } as const;

/** Who gets a new-contact task: whoever owns the account (round robin when nobody active does), or the active users in turn. */
export const NEW_CONTACT_ASSIGNEES = ["account_owner", "round_robin"] as const;
export type NewContactAssignee = (typeof NEW_CONTACT_ASSIGNEES)[number];

/** Who gets a welcome task: the active users in turn, or always one active user, by id. */
const WelcomeAssignee = t.Union([t.Literal("round_robin"), t.Integer({ minimum: 1 })], {
  error: "welcome.assignTo must be round_robin or an active user's id",
});
export type WelcomeAssignee = typeof WelcomeAssignee.static;

/** Welcome tasks greet customers who are new now: a first order at most this many days ago, or none (added by hand). */
export const WELCOME_WITHIN_DAYS = 14;

/** The tasks the server creates by itself, as GET and PUT /api/settings/task-automation carry them. */
export const TaskAutomationSettings = t.Object({
  welcome: t.Object(
    {
      enabled: t.Boolean(),
      dueInDays: wholeDays("welcome.dueInDays", TASK_DUE_IN_DAYS),
      assignTo: WelcomeAssignee,
    },
    { description: "'Welcome {account}' for each new customer" },
  ),
  newContact: t.Object(
    {
      enabled: t.Boolean(),
      dueInDays: wholeDays("newContact.dueInDays", TASK_DUE_IN_DAYS),
      assignTo: oneOf("newContact.assignTo", NEW_CONTACT_ASSIGNEES),
    },
    { description: "'Reach out to {contact}' when a contact is added to an existing account" },
  ),
});
export type TaskAutomationSettings = typeof TaskAutomationSettings.static;

/** The limits of each window of the customer lifecycle, in New York calendar days. */
export const LIFECYCLE_DAYS_LIMITS = { newWithinDays: { min: 1, max: 365 }, activeWithinDays: { min: 2, max: 3650 } } as const;

/**
 * Which built-in list order activity puts an account in. New: first order within the last newWithinDays days
 * (or no order: added by hand); Active: otherwise an order within the last activeWithinDays days; Legacy: otherwise.
 * activeWithinDays must be more than newWithinDays.
 */
export const CustomerLifecycleSettings = t.Object({
  newWithinDays: wholeDays("newWithinDays", LIFECYCLE_DAYS_LIMITS.newWithinDays),
  activeWithinDays: wholeDays("activeWithinDays", LIFECYCLE_DAYS_LIMITS.activeWithinDays),
});
export type CustomerLifecycleSettings = typeof CustomerLifecycleSettings.static;
