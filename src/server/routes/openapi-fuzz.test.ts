import { afterAll, beforeAll, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import fc from "fast-check";
import { ErrorAnswer } from "../../contracts/common.ts";
import { daysAgo, seedCustomer } from "../../testing/seed.ts";
import { arbitraryOf, type JsonSchema, type SchemaComponents } from "../../testing/schema-arbitraries.ts";
import { startShipStationStandIn } from "../../testing/shipstation-stand-in.ts";
import { testServer, type TestResponse } from "../../testing/test-server.ts";
import { createUser } from "../../core/users/users.ts";

/**
 * The API fuzzed from its own OpenAPI description, as a third party's fuzzer would: for every route a
 * signed-in administrator may call, requests built from the described path, query and body schemas
 * (src/testing/schema-arbitraries.ts), all valid by the description. Whatever the server makes of them, it
 * must never fail (500), and every answer must be one the route declares, matching its schema: a success
 * its contract's answer (the test server checks it, see answer-contract.ts), a refusal the shared Error.
 *
 * One seeded database for the whole run, in a fixed order: reads first, then writes, then what can end
 * the caller's own session (team members, sessions), and clearing all data last. A write that signs the
 * administrator out (deactivating, demoting or resetting themselves) is followed by a new administrator's
 * sign-in, so that the next request still has a session. ShipStation is a local stand-in, so that testing
 * the connection or starting a backfill never leaves the machine. A fixed seed makes every run the same requests.
 */
const SEED = 29;
const RUNS_PER_OPERATION = 60;

interface Operation {
  method: string;
  path: string;
  parameters?: { name: string; in: "path" | "query"; required: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
  security?: unknown[];
}

interface GeneratedRequest {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
}

let server: ReturnType<typeof testServer>;
let standIn: ReturnType<typeof startShipStationStandIn>;
let cookie: string;
let document: { paths: Record<string, Record<string, Omit<Operation, "method" | "path">>>; components: { schemas: SchemaComponents } };

beforeAll(async () => {
  standIn = startShipStationStandIn();
  server = testServer({ SHIPSTATION_API_URL: standIn.url });
  cookie = (await server.signInAs("admin")).cookie;
  await seed();
  document = (await server.request("GET", "/api/openapi.json", { cookie })).body;
});

afterAll(async () => {
  await server.dispose();
  standIn.stop();
});

test("every route answers requests built from its description within what it declares, never with a 500", async () => {
  const operations = operationsInOrder();
  expect(operations.length).toBeGreaterThan(40);
  const failures: string[] = [];
  for (const operation of operations) {
    const property = fc.asyncProperty(requestOf(operation), async (generated) => {
      const problem = answerProblem(operation, await send(operation, generated));
      if (problem !== undefined) throw new Error(problem);
    });
    const outcome = await fc.check(property, { seed: SEED, numRuns: RUNS_PER_OPERATION });
    if (outcome.failed) failures.push(`${operation.method} ${operation.path} ${JSON.stringify(outcome.counterexample)}: ${String(outcome.errorInstance)}`);
  }
  expect(failures).toEqual([]);
}, 120_000);

/** Customers with orders (on three days at least for a reorder rhythm), a contact, a note, a task, a custom list and a second team member. */
async function seed(): Promise<void> {
  const emails = ["buyer@riverside.org", "orders@hillcrest.com", "anna@northwind.net", "purchasing@riverside.org", "ops@lakeview.io"];
  emails.forEach((email, index) =>
    seedCustomer(server.db, {
      email,
      company: `Customer ${index + 1}`,
      orders: [90, 60, 30, 2].slice(index % 3).map((days, order) => ({ number: `SO-${index}-${order}`, placedAt: daysAgo(days + index), total: 25 * (order + 1) })),
    }),
  );
  await createUser(server.db, { email: "bob@example.com", name: "Bob", role: "sales", password: "staff-password-1" });
  const write = async (method: string, path: string, body: unknown) => expect((await server.request(method, path, { cookie, body })).status).toBeLessThan(300);
  await write("POST", "/api/contacts", { accountId: 1, firstName: "Ann", lastName: "Lee", email: "ann@riverside.org" });
  await write("POST", "/api/accounts/1/notes", { content: "Prefers calls" });
  await write("POST", "/api/tasks", { title: "Call back", assigneeId: 1, dueDate: "2030-01-15", accountId: 2 });
  await write("POST", "/api/lists", { name: "Key Accounts" });
}

function operationsInOrder(): Operation[] {
  const operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({ ...operation, method: method.toUpperCase(), path })),
  );
  // Only the routes behind the session: the public ones (sign-in, the webhook, the branding) are another caller's.
  return operations.filter((operation) => operation.security !== undefined).sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

function rank(operation: Operation): number {
  if (operation.path === "/api/admin/clear-all-data") return 4;
  if (operation.path.startsWith("/api/team/") || operation.path.startsWith("/api/auth/")) return 3;
  if (operation.method === "DELETE") return 2;
  return operation.method === "GET" ? 0 : 1;
}

function requestOf(operation: Operation): fc.Arbitrary<GeneratedRequest> {
  const { schemas } = document.components;
  const parametersIn = (where: "path" | "query") => {
    const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === where);
    const model = Object.fromEntries(parameters.map((parameter) => [parameter.name, arbitraryOf(parameter.schema, schemas)]));
    return fc.record(model, { requiredKeys: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name) });
  };
  const bodySchema = Object.values(operation.requestBody?.content ?? {})[0]?.schema;
  return fc.record({
    path: parametersIn("path"),
    query: parametersIn("query"),
    ...(bodySchema === undefined ? {} : { body: arbitraryOf(bodySchema, schemas) }),
  }) as fc.Arbitrary<GeneratedRequest>;
}

async function send(operation: Operation, generated: GeneratedRequest): Promise<TestResponse> {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(generated.path[name])));
  const query = new URLSearchParams(Object.entries(generated.query).map(([name, value]) => [name, String(value)])).toString();
  const url = query ? `${path}?${query}` : path;
  const [contentType] = Object.keys(operation.requestBody?.content ?? {});
  const response =
    contentType === undefined || contentType === "application/json"
      ? await server.request(operation.method, url, { cookie, body: generated.body })
      : await server.request(operation.method, url, { cookie, text: String(generated.body), headers: { "content-type": contentType } });
  if (response.status === 401 || response.status === 403) await stayAnAdministrator();
  return response;
}

/** The run's own writes may have signed the administrator out, demoted or deactivated them: then another one signs in. */
async function stayAnAdministrator(): Promise<void> {
  const me = await server.request("GET", "/api/auth/me", { cookie });
  if (me.status === 200 && me.body.role === "admin" && !me.body.mustChangePassword) return;
  cookie = (await server.signInAs("admin")).cookie;
}

/** What is wrong with the answer, if anything: a failure, a status the route does not declare, an error not in the shape every refusal has. */
function answerProblem(operation: Operation, response: TestResponse): string | undefined {
  if (response.status >= 500) return `answered ${response.status}: ${JSON.stringify(response.body)}`;
  const successes = Object.keys(operation.responses).filter((status) => status.startsWith("2"));
  if (response.status < 300) {
    if (!successes.includes(String(response.status))) return `answered ${response.status}, declaring only ${successes.join(", ")}`;
    const declaredType = Object.keys(operation.responses[String(response.status)]?.content ?? {})[0];
    const contentType = response.headers.get("content-type") ?? "";
    if (declaredType !== undefined && !contentType.startsWith(declaredType)) return `answered ${contentType}, declaring ${declaredType}`;
    return undefined;
  }
  if (!Value.Check(ErrorAnswer, response.body)) return `refused with ${response.status} and ${JSON.stringify(response.body)}, not the Error every refusal is`;
  return undefined;
}
