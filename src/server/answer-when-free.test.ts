import { afterEach, expect, test } from "bun:test";
import { openCrmDatabase } from "../core/startup/open-crm-database.ts";
import { testServer } from "../testing/test-server.ts";

let server: ReturnType<typeof testServer>;
let otherProcess: ReturnType<typeof openCrmDatabase>;
afterEach(async () => {
  otherProcess?.close();
  await server?.dispose();
});

test("while another process holds the write lock, reads are answered at once, the event loop runs, and a write waits and then succeeds", async () => {
  server = testServer();
  const { cookie } = await server.signInAs("sales");
  // A second connection stands for a CLI import in the middle of a batch.
  otherProcess = openCrmDatabase(server.dataDir);
  otherProcess.sqlite.run("BEGIN IMMEDIATE");
  otherProcess.sqlite.run("INSERT INTO settings (key, value, updated_at) VALUES ('importBatch', 'x', 0)");

  const writeStarted = performance.now();
  let writeAnsweredAfter = Number.NaN;
  const write = server.request("POST", "/api/accounts", { cookie, body: { name: "Written After The Lock" } }).then((answer) => {
    writeAnsweredAfter = performance.now() - writeStarted;
    return answer;
  });

  const readStarted = performance.now();
  const read = await server.request("GET", "/api/accounts", { cookie });
  expect(read.status).toBe(200);
  // Bounds a wait on the event loop for the lock would pass (SQLite's busy timeout is seconds) and a loaded machine's slow turns would not.
  expect(performance.now() - readStarted).toBeLessThan(1_000);

  // A timer set now fires in time: nothing sleeps on the event loop while the write waits.
  const timerSet = performance.now();
  await Bun.sleep(20);
  expect(performance.now() - timerSet).toBeLessThan(1_000);
  expect(Number.isNaN(writeAnsweredAfter)).toBe(true);

  await Bun.sleep(300);
  otherProcess.sqlite.run("COMMIT");
  const written = await write;
  expect(written.status).toBe(201);
  expect(writeAnsweredAfter).toBeGreaterThanOrEqual(300);
  expect(writeAnsweredAfter).toBeLessThan(1_500);
});

test("the session's last-seen bookkeeping never fails a request while the lock is held", async () => {
  server = testServer();
  const { cookie } = await server.signInAs("sales");
  server.sqlite.run("UPDATE sessions SET last_seen_at = 0");
  otherProcess = openCrmDatabase(server.dataDir);
  otherProcess.sqlite.run("BEGIN IMMEDIATE");
  otherProcess.sqlite.run("INSERT INTO settings (key, value, updated_at) VALUES ('importBatch', 'x', 0)");
  const started = performance.now();
  expect((await server.request("GET", "/api/auth/me", { cookie })).status).toBe(200);
  expect(performance.now() - started).toBeLessThan(250);
  otherProcess.sqlite.run("ROLLBACK");
});

test("while another process holds the lock, a sign-in waits and then signs in once, and a wrong password counts once", async () => {
  server = testServer();
  const { user, password } = await server.signInAs("sales");
  otherProcess = openCrmDatabase(server.dataDir);
  const count = (table: string) => (otherProcess.sqlite.query(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  const sessionsBefore = count("sessions");
  for (const [attempt, expected] of [[password, 200], ["not the password", 401]] as const) {
    otherProcess.sqlite.run("BEGIN IMMEDIATE");
    otherProcess.sqlite.run("INSERT INTO settings (key, value, updated_at) VALUES ('importBatch', 'x', 0) ON CONFLICT (key) DO NOTHING");
    const signingIn = server.request("POST", "/api/auth/login", { body: { email: user.email, password: attempt } });
    await Bun.sleep(150);
    otherProcess.sqlite.run("COMMIT");
    expect((await signingIn).status).toBe(expected);
  }
  expect(count("sessions")).toBe(sessionsBefore + 1);
  expect(count("login_failures")).toBe(1);
});
