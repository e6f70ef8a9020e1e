import { afterAll, afterEach, beforeAll, beforeEach } from "bun:test";
import { neverWaitOnEventLoop } from "../core/database/open.ts";
import { tellWritersWaiting } from "../core/database/waiting-writers.ts";
import { answerWhenDatabaseFree } from "../server/answer-when-free.ts";
import { createApp } from "../server/app.ts";
import type { ServerContext } from "../server/context.ts";
import { webhookRoutes } from "../server/routes/webhooks.ts";
import { outgoingMailOf } from "../core/outgoing-mail/send-mail.ts";
import { clientAddressOf } from "../server/client-address.ts";
import { startLifecyclePassScheduler } from "../server/background/lifecycle-pass-scheduler.ts";
import { createBackfillJobs } from "../server/background/backfill-jobs.ts";
import { startWebhookWorker } from "../server/background/webhook-worker.ts";
import type { ClientOptions } from "../core/shipstation/shipstation-client.ts";
import type { UserRole } from "../contracts/auth.ts";
import { createUser } from "../core/users/users.ts";
import { startSmtpCatcher, type SmtpCatcher } from "./smtp-catcher.ts";
import { temporaryDatabase } from "./temporary-database.ts";
import { checkAnswerAgainstContract } from "./answer-contract.ts";

export interface TestResponse {
  status: number;
  headers: Headers;
  body: any;
}

/**
 * The real API over a temporary database, called in-process. Requests come from 127.0.0.1 unless a
 * test says otherwise (the header x-test-client-address names the connection's peer), and carry a session
 * only when given the cookie `signInAs` returned. With `trustProxy` the server is behind a reverse proxy,
 * as `crm serve --trust-proxy` is: it believes X-Forwarded-For and X-Forwarded-Proto.
 */
export function testServer(
  env: Record<string, string | undefined> = {},
  options: { clientOptions?: ClientOptions; pollMs?: number; trustProxy?: boolean } = {},
) {
  const trustProxy = options.trustProxy ?? false;
  const database = temporaryDatabase();
  // As the running server does (serve.ts): a write that finds another connection's lock is tried again asynchronously.
  neverWaitOnEventLoop(database.sqlite);
  const webhookWorker = startWebhookWorker(database.db, env, { pollMs: options.pollMs ?? 50, clientOptions: options.clientOptions });
  const backfills = createBackfillJobs(database.db, env, options.clientOptions);
  const lifecyclePasses = startLifecyclePassScheduler(database.db, { log: () => {} });
  // The mail sync is tested against a real IMAP server on its own (mail-sync-scheduler.integration.test.ts):
  // here "Sync now" begins a reading that goes on until the test ends it (`mailSync.reading = false`).
  const mailSync = {
    reading: false,
    syncNow() {
      mailSync.reading = true;
    },
    isReading: () => mailSync.reading,
  };
  const context: ServerContext = {
    db: database.db,
    dataDir: database.dataDir,
    env,
    mail: outgoingMailOf(env),
    ownUrl: () => "http://localhost",
    clientAddress: (request) => clientAddressOf(request, request.headers.get("x-test-client-address") ?? "127.0.0.1", trustProxy),
    trustProxy,
    answer: (request) => answerWhenDatabaseFree(app.handle, request, () => tellWritersWaiting(database.sqlite)),
    webhookWorker,
    backfills,
    lifecyclePasses,
    // The daily backup is tested on its own (backup-scheduler.test.ts): a test server takes none by itself.
    dailyBackups: { check: () => Promise.resolve() },
    mailSync,
  };
  const app = createApp(context);
  // ShipStation's webhooks are answered ahead of the app, as serve.ts answers them.
  const webhooks = webhookRoutes(context);

  /** `body` is sent as JSON; `text` as it is, with the content type the headers give. */
  async function request(method: string, urlPath: string, options: { body?: unknown; text?: string; cookie?: string; headers?: Record<string, string> } = {}): Promise<TestResponse> {
    const headers = new Headers(options.headers);
    if (options.body !== undefined) headers.set("content-type", "application/json");
    if (options.cookie) headers.set("cookie", options.cookie);
    const incoming = new Request(`http://localhost${urlPath}`, { method, headers, body: options.body === undefined ? options.text : JSON.stringify(options.body) });
    const webhook = webhooks[new URL(incoming.url).pathname];
    const response = webhook ? await webhook(incoming) : await answerWhenDatabaseFree(app.handle, incoming, () => tellWritersWaiting(database.sqlite));
    const text = await response.text();
    const isJson = response.headers.get("content-type")?.includes("application/json") ?? false;
    const body = !text ? null : isJson ? JSON.parse(text) : text;
    if (isJson) checkAnswerAgainstContract(app, method, urlPath, response.status, body);
    return { status: response.status, headers: response.headers, body };
  }

  async function signInAs(role: UserRole, email = `${role}-${crypto.randomUUID().slice(0, 8)}@example.com`) {
    const password = "correct horse battery";
    const { user } = await createUser(database.db, { email, name: `Test ${role}`, role, password });
    const response = await request("POST", "/api/auth/login", { body: { email, password } });
    if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
    const cookie = response.headers.get("set-cookie")?.split(";")[0] ?? "";
    return { user, password, cookie };
  }

  return {
    app,
    db: database.db,
    dataDir: database.dataDir,
    sqlite: database.sqlite,
    request,
    signInAs,
    mailSync,
    async dispose() {
      await Promise.all([webhookWorker.stop(), backfills.stop(), lifecyclePasses.stop()]);
      database.dispose();
    },
  };
}

type TestServer = ReturnType<typeof testServer>;

/**
 * A fresh server for each test of the enclosing `describe`, disposed after it, optionally with a user of the given role
 * already signed in. Both fields are replaced before every test, so read them inside tests and hooks, never at describe time.
 * Without `signInAs` the cookie is empty, and `request` sends an empty cookie as none at all.
 */
export function useTestServer(options: { signInAs?: UserRole } = {}) {
  const crm = {} as { server: TestServer; cookie: string };
  beforeEach(async () => {
    crm.server = testServer();
    crm.cookie = options.signInAs ? (await crm.server.signInAs(options.signInAs)).cookie : "";
  });
  afterEach(() => crm.server.dispose());
  return crm;
}

/**
 * An SMTP server that catches what the CRM sends, for the enclosing `describe`, and test servers sending
 * through it (`CRM_MAIL_SMTP`, which `env` may replace), each disposed after the test that started it.
 */
export function useMailingServers() {
  let smtp: SmtpCatcher | undefined;
  // Only what disposing needs: the whole server type is too deep for TypeScript to map over.
  const started: { dispose(): Promise<void> }[] = [];
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
  });
  afterAll(() => smtp?.stop());
  afterEach(async () => {
    await Promise.all(started.splice(0).map((server) => server.dispose()));
  });
  return {
    get smtp(): SmtpCatcher {
      return smtp!;
    },
    start(env: Record<string, string> = {}): TestServer {
      const server = testServer({ CRM_MAIL_SMTP: smtp!.url, ...env });
      started.push(server);
      return server;
    },
  };
}
