import { describe, expect, test } from "bun:test";
import { useTestServer } from "../../testing/test-server.ts";
import { documentedPath } from "../openapi/api-description.ts";

describe("GET /api/openapi.json", () => {
  const crm = useTestServer({ signInAs: "sales" });

  const described = async () => (await crm.server.request("GET", "/api/openapi.json", { cookie: crm.cookie })).body;

  test("is for signed-in users", async () => {
    expect((await crm.server.request("GET", "/api/openapi.json")).status).toBe(401);
    const response = await crm.server.request("GET", "/api/openapi.json", { cookie: crm.cookie });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ openapi: "3.1.0", info: { title: "Supply CRM API" } });
  });

  test("describes every route with its success answer", async () => {
    const document = await described();
    const routes = crm.server.app.routes.filter((route) => route.path.startsWith("/api/") && route.path !== "/api/openapi.json");
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const path = documentedPath(route.path.replace(/:([^/]+)/g, "{$1}"));
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      const success = Object.entries(operation?.responses ?? {}).find(([status]) => status.startsWith("2"));
      expect({ route: `${route.method} ${path}`, described: operation !== undefined, success: success?.[0] !== undefined }).toEqual({
        route: `${route.method} ${path}`,
        described: true,
        success: true,
      });
      const [status, answer] = success as [string, { content?: Record<string, { schema?: unknown }> }];
      if (status !== "204") expect({ route: `${route.method} ${path}`, schema: Object.values(answer.content ?? {})[0]?.schema !== undefined }).toEqual({ route: `${route.method} ${path}`, schema: true });
    }
  });

  test("describes every body a route declares, from its contract, as the JSON object the server reads", async () => {
    const document = await described();
    const routesWithBodies = crm.server.app.routes.filter((route) => route.path.startsWith("/api/") && route.hooks.body !== undefined);
    expect(routesWithBodies.length).toBeGreaterThan(25);
    for (const route of routesWithBodies) {
      const path = documentedPath(route.path.replace(/:([^/]+)/g, "{$1}"));
      const requestBody = document.paths[path]?.[route.method.toLowerCase()]?.requestBody;
      const contract = route.hooks.body as { properties: Record<string, unknown>; required?: string[] };
      expect({ route: `${route.method} ${path}`, content: Object.keys(requestBody?.content ?? {}), required: requestBody?.required }).toEqual({
        route: `${route.method} ${path}`,
        content: ["application/json"],
        required: true,
      });
      const schema = requestBody.content["application/json"].schema;
      expect({ route: `${route.method} ${path}`, type: schema.type, properties: Object.keys(schema.properties), required: schema.required }).toEqual({
        route: `${route.method} ${path}`,
        type: "object",
        properties: Object.keys(contract.properties),
        required: contract.required,
      });
    }
    // The CSV upload streams its body unparsed: it is the one body described by hand, as a file.
    expect(Object.keys(document.paths["/api/uploads/{id}"].put.requestBody.content)).toEqual(["text/csv"]);
  });

  test("names each query parameter with the values the server accepts, and who may call a route", async () => {
    const document = await described();
    const list = document.paths["/api/accounts"].get;
    const parameter = (name: string) => list.parameters.find((candidate: { name: string }) => candidate.name === name);
    expect(parameter("status")).toMatchObject({ in: "query", required: false });
    expect(JSON.stringify(parameter("status").schema)).toContain('"dormant"');
    // A number read from the query string is described as the number it is, without the server's error wording.
    expect(parameter("limit").schema).toEqual({ title: "limit", type: "integer", minimum: 1, maximum: 500 });
    // A flag is the boolean it is, written true or false in the query string.
    expect(parameter("showDuplicates").schema).toMatchObject({ type: "boolean" });
    expect(list.security).toEqual([{ session: [] }]);
    expect(list.responses["200"].content["application/json"].schema.items.properties.totalOrderValue).toBeDefined();
    expect(list.responses.default.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
    expect(document.paths["/api/accounts/{id}"].get.parameters).toContainEqual(expect.objectContaining({ name: "id", in: "path", required: true }));
    expect(document.paths["/api/config"].get.security).toBeUndefined();
    expect(document.paths["/api/admin/clear-all-data"].delete).toMatchObject({ security: [{ session: [] }], description: expect.stringContaining("Administrators only") });
    expect(document.components.securitySchemes.session).toEqual({ type: "apiKey", in: "cookie", name: "crm_session" });
  });
});
