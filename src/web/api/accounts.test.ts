import { describe, expect, test } from "bun:test";
import { accountListUrl } from "./accounts";

describe("accountListUrl", () => {
  test("leaves out the filters nobody chose", () => {
    expect(accountListUrl({ sort: "name", direction: "asc", limit: 10, offset: 0 })).toBe(
      "/api/accounts?sort=name&dir=asc&limit=10&offset=0",
    );
  });

  test("sends the chosen filters, sort and page", () => {
    expect(
      accountListUrl({ status: "dormant", timeframe: 30, sort: "totalOrderValue", direction: "desc", limit: 10, offset: 20 }),
    ).toBe("/api/accounts?status=dormant&timeframe=30&sort=totalOrderValue&dir=desc&limit=10&offset=20");
  });
});
