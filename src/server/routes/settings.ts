import { Elysia, t } from "elysia";
import { invalid } from "../../core/errors.ts";
import { checkShipStationConnection } from "../../core/shipstation/connection-check.ts";
import {
  describeSecret,
  readConnectionStatus,
  readShipStationConfig,
  saveShipStationSecret,
  SHIPSTATION_SECRETS,
  WEBHOOK_PATH,
  type ShipStationSecretName,
} from "../../core/shipstation/shipstation-settings.ts";
import { webhookEventSummary } from "../../core/shipstation/webhook-events.ts";
import { readCustomerLifecycle, saveCustomerLifecycle } from "../../core/lifecycle/lifecycle-settings.ts";
import { readTaskAutomation, saveTaskAutomation, type TaskAutomationSettings } from "../../core/tasks/task-automation.ts";
import type { ServerContext } from "../context.ts";
import { sessionGuard } from "../middleware/session.ts";

const SECRET_NAMES = Object.keys(SHIPSTATION_SECRETS) as ShipStationSecretName[];

/** The integration settings: everyone signed in sees what is configured (never a secret), only admins change it. */
export function settingsRoutes(context: ServerContext) {
  const { db, env } = context;
  return new Elysia({ prefix: "/api/settings" })
    .use(sessionGuard(context))
    .get("/", () => settingsJson(context), { signedIn: true })
    .patch(
      "/",
      ({ body }) => {
        const given = SECRET_NAMES.filter((name) => body[name] !== undefined);
        if (given.length !== 1) throw invalid("body", `Send exactly one of ${SECRET_NAMES.join(", ")}`);
        const name = given[0]!;
        saveShipStationSecret(db, name, body[name]!);
        return settingsJson(context);
      },
      {
        adminOnly: true,
        body: t.Object({
          webhookSecret: t.Optional(t.String({ maxLength: 10_000 })),
          apiKey: t.Optional(t.String({ maxLength: 10_000 })),
          apiSecret: t.Optional(t.String({ maxLength: 10_000 })),
        }),
      },
    )
    .get("/task-automation", () => readTaskAutomation(db), { signedIn: true })
    .put("/task-automation", ({ body }) => saveTaskAutomation(db, body as TaskAutomationSettings), {
      adminOnly: true,
      body: t.Object({
        welcome: t.Object({ enabled: t.Boolean(), dueInDays: t.Number(), assignTo: t.Union([t.Literal("round_robin"), t.Integer()]) }),
        newContact: t.Object({ enabled: t.Boolean(), dueInDays: t.Number(), assignTo: t.String({ maxLength: 20 }) }),
      }),
    })
    .get("/customer-lifecycle", () => readCustomerLifecycle(db), { signedIn: true })
    .put(
      "/customer-lifecycle",
      ({ body }) => {
        const saved = saveCustomerLifecycle(db, body);
        // New windows move accounts now, not at midnight.
        context.activityPasses.runSoon();
        return saved;
      },
      { adminOnly: true, body: t.Object({ newWithinDays: t.Number(), activeWithinDays: t.Number() }) },
    )
    .post(
      "/shipstation/test",
      async () => {
        await checkShipStationConnection(db, env);
        return settingsJson(context);
      },
      { signedIn: true },
    );
}

function settingsJson({ db, env }: ServerContext) {
  const config = readShipStationConfig(db, env);
  const secrets = Object.fromEntries(SECRET_NAMES.map((name) => [name, describeSecret(db, env, name)]));
  const configured = Boolean(config.apiKey && config.apiSecret);
  const connection = readConnectionStatus(db);
  return {
    shipstation: {
      apiUrl: config.apiUrl,
      webhookPath: WEBHOOK_PATH,
      ...secrets,
      status: !configured ? { state: "not_configured", checkedAt: null, message: null } : (connection ?? { state: "unchecked", checkedAt: null, message: null }),
      webhookEvents: webhookEventSummary(db),
    },
  };
}
