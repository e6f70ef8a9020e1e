import { afterEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PUBLIC_BODY_MAX_BYTES } from "../../contracts/common.ts";
import { CONTENT_SECURITY_POLICY } from "../../server/middleware/security-headers.ts";
import { builtCrm } from "../../testing/built-crm.ts";
import { CLI_TEST_TIMEOUT_MS, runCrm } from "../../testing/run-crm.ts";

/** Each test starts `crm serve` from source, which bundles the dashboard on the fly. */
setDefaultTimeout(CLI_TEST_TIMEOUT_MS * 2);


describe("crm serve", () => {
  const dirs: string[] = [];
  const servers: Bun.Subprocess[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.kill("SIGKILL");
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** Starts the server on a free port and resolves once it says where it runs. */
  async function serve(...args: string[]): Promise<{ url: URL; process: Bun.Subprocess<"ignore", "pipe", "pipe"> }> {
    return serveWith(process.env, ...args);
  }

  async function serveWith(env: Record<string, string | undefined>, ...args: string[]): Promise<{ url: URL; process: Bun.Subprocess<"ignore", "pipe", "pipe"> }> {
    const dataDir = mkdtempSync(path.join(tmpdir(), "crm-serve-"));
    dirs.push(dataDir);
    const child = Bun.spawn([builtCrm(), "serve", "--port", "0", "--data-dir", dataDir, ...args], { env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
    servers.push(child);
    const reader = child.stdout.getReader();
    let told = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`crm serve ended before it was running: ${told}`);
      told += new TextDecoder().decode(value);
      const running = /is running at (\S+)/.exec(told);
      if (running) {
        reader.releaseLock();
        return { url: new URL(running[1]!), process: child };
      }
    }
  }

  test("a chunked body over the limit is answered 413, and SIGTERM still stops the server at once", async () => {
    const { url, process: server } = await serve();
    const answer = await fetch(new URL("/api/auth/login", url), { method: "POST", headers: { "content-type": "application/json" }, body: chunkedBodyOverTheLimit() });
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual({ message: "The request body is larger than 64 KB" });

    server.kill("SIGTERM");
    const stopped = await Promise.race([server.exited.then(() => "exited"), Bun.sleep(5_000).then(() => "still running")]);
    expect(stopped).toBe("exited");
    expect(await new Response(server.stderr).text()).toBe("");
  });

  // The dashboard's page is checked too: e2e/security-headers.test.ts (from source, Bun's development server serves it).
  test("answers only to IP addresses, localhost and the names it is given: a page elsewhere cannot reach the API under its own name", async () => {
    const { url } = await serve("--allowed-hosts", "crm.example.com");
    const asHost = (host: string, pathname = "/api/config") => fetch(new URL(pathname, url), { headers: { host } });

    for (const host of [`127.0.0.1:${url.port}`, `localhost:${url.port}`, "crm.example.com", `CRM.example.com:${url.port}`]) {
      expect({ host, status: (await asHost(host)).status }).toEqual({ host, status: 200 });
    }
    const rebound = await asHost(`attacker.example:${url.port}`);
    expect(rebound.status).toBe(403);
    expect(await rebound.json()).toEqual({ message: "This server does not answer to the name attacker.example: start it with --allowed-hosts naming it" });
  });

  test("ShipStation's webhooks, which take their bodies as they come, keep every route's guards: the host, the body's limit, the secret", async () => {
    const { url } = await serveWith({ ...process.env, SHIPSTATION_API_URL: "http://127.0.0.1:9", SHIPSTATION_WEBHOOK_SECRET: "serve-test-secret" });
    const deliver = (pathname: string, init: RequestInit = {}) =>
      fetch(new URL(pathname, url), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ resource_url: "http://127.0.0.1:9/orders?importBatch=1" }), ...init });

    const stored = await deliver("/api/webhooks/shipstation?secret=serve-test-secret");
    expect(stored.status).toBe(200);
    expect(await stored.json()).toEqual({ received: true, id: expect.any(Number) });
    const refused = await deliver("/api/webhooks/shipstation?secret=wrong-secret");
    expect(refused.status).toBe(401);
    // Answered ahead of the app, with what the app gives every answer: the security headers, failures as JSON.
    for (const answer of [stored, refused]) {
      expect(answer.headers.get("content-security-policy")).toBe(CONTENT_SECURITY_POLICY);
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    }
    expect(await refused.json()).toEqual({ message: "Missing or wrong webhook secret" });
    // As the app answers its routes, an address typed with a trailing slash is the same webhook.
    expect((await deliver("/api/webhooks/shipstation/?secret=serve-test-secret")).status).toBe(200);
    const asked = await fetch(new URL("/api/webhooks/shipstation-v2", url));
    expect(asked.status).toBe(404);
    expect(await asked.json()).toEqual({ message: "Not found: /api/webhooks/shipstation-v2" });
    expect((await deliver("/api/webhooks/shipstation?secret=serve-test-secret", { headers: { host: "attacker.example", "content-type": "application/json" } })).status).toBe(403);
    // Without a V2 API key the signed webhook is not configured.
    expect((await deliver("/api/webhooks/shipstation-v2")).status).toBe(503);
    for (const pathname of ["/api/webhooks/shipstation?secret=serve-test-secret", "/api/webhooks/shipstation-v2"]) {
      const declared = await deliver(pathname, { body: "x".repeat(PUBLIC_BODY_MAX_BYTES + 1) });
      expect({ pathname, status: declared.status }).toEqual({ pathname, status: 413 });
      expect({ pathname, status: (await deliver(pathname, { body: chunkedBodyOverTheLimit() })).status }).toEqual({ pathname, status: 413 });
    }
  });

  test("--allowed-hosts takes names only: a scheme or a port is a usage error", async () => {
    const run = await runCrm(["serve", "--port", "0", "--allowed-hosts", "https://crm.example.com"]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr.trim()).toBe('crm: --allowed-hosts takes host names without scheme or port, like crm.example.com, not "https://crm.example.com"');
  });

  test("a port already taken stops the start at once with one line, before any background work (no backup is taken)", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "crm-serve-"));
    dirs.push(dataDir);
    const taken = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("another program") });
    try {
      const run = await runCrm(["serve", "--port", String(taken.port), "--data-dir", dataDir]);
      expect(run).toMatchObject({ exitCode: 1, stderr: `crm: Port ${taken.port} on 127.0.0.1 is in use: stop what listens there, or choose another port with --port\n` });
      expect(existsSync(path.join(dataDir, "backups"))).toBe(false);
    } finally {
      void taken.stop(true);
    }
  });

  test("a second server on the same data directory is refused with one line, the first going on", async () => {
    const { url, process: first } = await serve();
    const dataDir = dirs.at(-1)!;
    const second = await runCrm(["serve", "--port", "0", "--data-dir", dataDir]);
    expect(second).toMatchObject({
      exitCode: 1,
      stderr: `crm: Another crm serve is running on ${dataDir}: stop it first, or give this one a data directory of its own with --data-dir\n`,
    });
    expect((await fetch(new URL("/api/config", url))).status).toBe(200);
    expect(first.exitCode).toBeNull();
  });

  test("a wrong mail setting stops the start, naming its variable; a right one is said without its password", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "crm-serve-"));
    dirs.push(dataDir);
    const wrong = await runCrm(["serve", "--port", "0", "--data-dir", dataDir], { env: { CRM_MAIL_SMTP: "smtps://apikey:hunter2@smtp.example.com" } });
    expect(wrong).toMatchObject({ exitCode: 1, stderr: "crm: CRM_MAIL_FROM is needed: the CRM_MAIL_SMTP user is not an e-mail address the mail could come from\n" });

    const server = Bun.spawn([builtCrm(), "serve", "--port", "0", "--data-dir", dataDir], {
      env: { ...process.env, CRM_MAIL_SMTP: "smtps://crm%40example.com:hunter2@smtp.example.com" },
      stdin: "ignore",
      stdout: "pipe",
      stderr: "pipe",
    });
    servers.push(server);
    const reader = server.stdout.getReader();
    let told = "";
    while (!/CRM_PUBLIC_URL.*\n/.test(told)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`crm serve ended before it said how it sends e-mail: ${told}`);
      told += new TextDecoder().decode(value);
    }
    expect(told).toContain("E-mail: sent through smtp.example.com:465 from crm@example.com\n");
    expect(told).toMatch(/"Forgot password\?" e-mails link to http:\/\/127\.0\.0\.1:\d+: set CRM_PUBLIC_URL to the address staff open the CRM at\n/);
    expect(told).not.toContain("hunter2");
  });
});

/** Four times the public body limit in 16 KB chunks, without a Content-Length: the server learns the size only as the chunks arrive. */
function chunkedBodyOverTheLimit(): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode("a".repeat(16 * 1024));
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent > 4 * PUBLIC_BODY_MAX_BYTES) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}
