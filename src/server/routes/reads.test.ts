import { describe, expect, test } from "bun:test";
import { READS_MAX_URLS } from "../../contracts/reads.ts";
import { useTestServer } from "../../testing/test-server.ts";

describe("/api/reads", () => {
  const crm = useTestServer({ signInAs: "admin" });
  const together = (urls: string[], cookie = crm.cookie) => crm.server.request("GET", `/api/reads?${urls.map((url) => `url=${encodeURIComponent(url)}`).join("&")}`, { cookie });

  test("answers each read as it would be answered alone: its status, its count, its body, in the order asked", async () => {
    await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name: "Alpha Labs" } });
    await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name: "Beta Clinic" } });
    const urls = ["/api/accounts?sort=name&dir=asc&limit=1&offset=0", "/api/team", "/api/accounts/999999", "/api/settings/audit-retention"];
    const answered = await together(urls);
    expect(answered.status).toBe(200);
    const alone = await Promise.all(urls.map((url) => crm.server.request("GET", url, { cookie: crm.cookie })));
    expect(answered.body).toEqual(
      alone.map((answer) => ({ status: answer.status, total: answer.headers.get("x-total-count"), body: JSON.stringify(answer.body) })),
    );
    expect(answered.body.map((answer: { status: number }) => answer.status)).toEqual([200, 200, 404, 200]);
    expect(answered.body[0].total).toBe("2");
  });

  test("each read passes the checks a read alone passes: a sales rep is refused an administrator's read, and only that one", async () => {
    const sales = await crm.server.signInAs("sales");
    const answered = await together(["/api/team", "/api/settings/audit-retention"], sales.cookie);
    expect(answered.body.map((answer: { status: number }) => answer.status)).toEqual([200, 403]);
  });

  test("needs a session, as every read does", async () => {
    expect((await together(["/api/team"], "")).status).toBe(401);
  });

  test("only GETs of the API, never reads together themselves, and at most twenty at once: 400 naming url", async () => {
    for (const url of ["/dashboard", "http://elsewhere.example/api/team", "//elsewhere.example/api/team", "/api/reads?url=/api/team", "/api/../login", "api/team"]) {
      const refused = await together([url]);
      expect({ url, status: refused.status, field: refused.body.field }).toEqual({ url, status: 400, field: "url" });
    }
    expect((await together(Array.from({ length: READS_MAX_URLS + 1 }, () => "/api/team"))).status).toBe(400);
    expect((await crm.server.request("GET", "/api/reads", { cookie: crm.cookie })).status).toBe(400);
  });
});
