import { Elysia } from "elysia";
import {
  CustomerLifecycleSettings,
  IntegrationSettings,
  SecretChanges,
  SHIPSTATION_SECRET_NAMES,
  TaskAutomationSettings,
} from "../../contracts/settings.ts";
import { invalid } from "../../core/errors.ts";
import { actorOf } from "../../core/changes/actor.ts";
import { readCustomerLifecycle, saveCustomerLifecycle } from "../../core/lifecycle/lifecycle-settings.ts";
import { checkShipStationConnection } from "../../core/shipstation/connection-check.ts";
import { chooseShipStationGeneration, describeShipStation, saveShipStationSecret } from "../../core/shipstation/shipstation-settings.ts";
import { webhookEventSummary } from "../../core/shipstation/webhook-events.ts";
import { readTaskAutomation, saveTaskAutomation } from "../../core/tasks/task-automation.ts";
import type { PublicUser } from "../../core/users/users.ts";
import type { ServerContext } from "../context.ts";
import { toIntegrationSettingsJson } from "../json/settings-json.ts";
import { sessionGuard } from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";

/**
 * The integration settings: everyone signed in sees what is configured (never a secret; how a secret ends,
 * administrators only), only administrators change or test it.
 */
export function settingsRoutes(context: ServerContext) {
  const { db, env } = context;
  const integrationSettings = (reader: PublicUser) =>
    toIntegrationSettingsJson(describeShipStation(db, env), webhookEventSummary(db, context.webhookWorker.intake), reader.role === "admin");
  return new Elysia({ prefix: "/api/settings" })
    .use(sessionGuard(context))
    .get("/", ({ user }) => integrationSettings(user), { signedIn: true, ...answers(IntegrationSettings) })
    .patch(
      "/",
      ({ body, user }) => {
        const given = SHIPSTATION_SECRET_NAMES.filter((name) => body[name] !== undefined);
        const generationGiven = body.generation !== undefined;
        if (given.length + (generationGiven ? 1 : 0) !== 1) throw invalid("body", `Send exactly one of ${[...SHIPSTATION_SECRET_NAMES, "generation"].join(", ")}`);
        if (body.generation !== undefined) chooseShipStationGeneration(db, body.generation, actorOf(user));
        else saveShipStationSecret(db, given[0]!, body[given[0]!]!, actorOf(user));
        return integrationSettings(user);
      },
      { adminOnly: true, body: SecretChanges, ...answers(IntegrationSettings) },
    )
    .get("/task-automation", () => readTaskAutomation(db), { signedIn: true, ...answers(TaskAutomationSettings) })
    .put("/task-automation", ({ body, user }) => saveTaskAutomation(db, body, actorOf(user)), {
      adminOnly: true,
      body: TaskAutomationSettings,
      ...answers(TaskAutomationSettings),
    })
    .get("/customer-lifecycle", () => readCustomerLifecycle(db), { signedIn: true, ...answers(CustomerLifecycleSettings) })
    .put(
      "/customer-lifecycle",
      ({ body, user }) => {
        const saved = saveCustomerLifecycle(db, body, actorOf(user));
        // New windows move accounts now, not at midnight.
        context.lifecyclePasses.runSoon();
        return saved;
      },
      { adminOnly: true, body: CustomerLifecycleSettings, ...answers(CustomerLifecycleSettings) },
    )
    .post(
      "/shipstation/test",
      async ({ user }) => {
        await checkShipStationConnection(db, env);
        return integrationSettings(user);
      },
      // It calls ShipStation with the credentials and resets the status everyone sees: a settings change.
      { adminOnly: true, ...answers(IntegrationSettings) },
    );
}
