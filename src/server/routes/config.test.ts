import { afterEach, describe, expect, test } from "bun:test";
import { writeSetting } from "../../core/settings/settings.ts";
import { ensureFirstAdmin } from "../../core/users/first-admin.ts";
import { testServer } from "../../testing/test-server.ts";

describe("GET /api/config", () => {
  const servers: ReturnType<typeof testServer>[] = [];
  afterEach(() => servers.splice(0).forEach((server) => server.dispose()));

  test("is public and answers the defaults on a fresh database", async () => {
    const server = testServer();
    servers.push(server);
    expect(await server.request("GET", "/api/config")).toMatchObject({
      status: 200,
      body: { productName: "Supply CRM", companyName: "Supply Co.", sendsEmail: false },
    });
  });

  test("says whether the CRM sends e-mail, never how", async () => {
    const server = testServer({ CRM_MAIL_SMTP: "smtps://crm%40example.com:smtp-secret@smtp.example.com:465" });
    servers.push(server);
    const config = await server.request("GET", "/api/config");
    expect(config.body).toEqual({ productName: "Supply CRM", companyName: "Supply Co.", sendsEmail: true });
  });

  test("names nobody: not the first administrator's e-mail, nor any other", async () => {
    const server = testServer();
    servers.push(server);
    await ensureFirstAdmin(server.db, "owner@example.com");
    await server.signInAs("sales", "seller@example.com");
    const config = await server.request("GET", "/api/config");
    expect(config.body).toEqual({ productName: "Supply CRM", companyName: "Supply Co.", sendsEmail: false });
    expect(JSON.stringify(config.body)).not.toContain("@");
  });

  test("stored settings name the product, and the environment overrides them", async () => {
    const server = testServer({ CRM_COMPANY_NAME: "Acme Testing Supplies" });
    servers.push(server);
    writeSetting(server.db, "productName", "Clinic Desk");
    writeSetting(server.db, "companyName", "Stored Co.");
    expect((await server.request("GET", "/api/config")).body).toEqual({
      productName: "Clinic Desk",
      companyName: "Acme Testing Supplies",
      sendsEmail: false,
    });
  });
});
