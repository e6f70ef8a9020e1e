import { describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { READ_ANSWERS_CONTENT_TYPE, READS_MAX_URLS, ReadAnswer } from "../../contracts/reads.ts";
import { useTestServer } from "../../testing/test-server.ts";

describe("/api/reads", () => {
  const crm = useTestServer({ signInAs: "admin" });
  const together = (urls: string[], cookie = crm.cookie) => crm.server.request("GET", `/api/reads?${urls.map((url) => `url=${encodeURIComponent(url)}`).join("&")}`, { cookie });
  /** The answers, a line each as they came, in the order of the reads asked for. */
  const answersIn = (text: string): ReadAnswer[] =>
    text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as ReadAnswer)
      .sort((one, other) => one.index - other.index);

  test("answers each read as it would be answered alone, a line each: its place among those asked, its status, its count, its body", async () => {
    await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name: "Alpha Labs" } });
    await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name: "Beta Clinic" } });
    const urls = ["/api/accounts?sort=name&dir=asc&limit=1&offset=0", "/api/team", "/api/accounts/999999", "/api/settings/audit-retention"];
    const answered = await together(urls);
    expect({ status: answered.status, type: answered.headers.get("content-type"), policy: answered.headers.get("content-security-policy") !== null }).toEqual({
      status: 200,
      type: READ_ANSWERS_CONTENT_TYPE,
      policy: true,
    });
    const alone = await Promise.all(urls.map((url) => crm.server.request("GET", url, { cookie: crm.cookie })));
    const answers = answersIn(answered.body);
    expect(answers).toEqual(alone.map((answer, index) => ({ index, status: answer.status, total: answer.headers.get("x-total-count"), body: JSON.stringify(answer.body) })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 404, 200]);
    expect(answers[0]!.total).toBe("2");
    for (const answer of answers) expect(Value.Check(ReadAnswer, answer)).toBe(true);
  });

  test("each read passes the checks a read alone passes: a sales rep is refused an administrator's read, and only that one", async () => {
    const sales = await crm.server.signInAs("sales");
    const answered = await together(["/api/team", "/api/settings/audit-retention"], sales.cookie);
    expect(answersIn(answered.body).map((answer) => answer.status)).toEqual([200, 403]);
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
