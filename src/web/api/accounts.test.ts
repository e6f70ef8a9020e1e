import { describe, expect, test } from "bun:test";
import { accountExportUrl, accountListUrl } from "./accounts";

describe("accountListUrl", () => {
  test("leaves out the filters nobody chose", () => {
    expect(accountListUrl({ sort: "name", dir: "asc", limit: 10, offset: 0 })).toBe(
      "/api/accounts?sort=name&dir=asc&limit=10&offset=0",
    );
  });

  test("sends the chosen filters, sort and page", () => {
    expect(
      accountListUrl({ status: "dormant", timeframe: "30", sort: "totalOrderValue", dir: "desc", limit: 10, offset: 20 }),
    ).toBe("/api/accounts?status=dormant&timeframe=30&sort=totalOrderValue&dir=desc&limit=10&offset=20");
  });

  test("asks for the possible duplicates only when the toggle is on, with paging, sorting and filters", () => {
    expect(accountListUrl({ status: "active", showDuplicates: true, sort: "orderCount", dir: "desc", limit: 10, offset: 10 })).toBe(
      "/api/accounts?status=active&showDuplicates=true&sort=orderCount&dir=desc&limit=10&offset=10",
    );
    expect(accountListUrl({ showDuplicates: false, sort: "name", dir: "asc", limit: 10, offset: 0 })).toBe("/api/accounts?sort=name&dir=asc&limit=10&offset=0");
  });

  test("sends the list and the first-order window of a lists screen tab", () => {
    expect(
      accountListUrl({ list: "active", from: "2026-01-01", to: "2026-03-31", sort: "name", dir: "asc", limit: 10, offset: 0 }),
    ).toBe("/api/accounts?list=active&from=2026-01-01&to=2026-03-31&sort=name&dir=asc&limit=10&offset=0");
    expect(accountListUrl({ list: "new", to: "2026-03-31", sort: "name", dir: "asc", limit: 10, offset: 0 })).toBe(
      "/api/accounts?list=new&to=2026-03-31&sort=name&dir=asc&limit=10&offset=0",
    );
  });

  test("asks for one reorder band when the Reorder filter names one", () => {
    expect(accountListUrl({ reorder: "at-risk", sort: "name", dir: "asc", limit: 10, offset: 0 })).toBe(
      "/api/accounts?reorder=at-risk&sort=name&dir=asc&limit=10&offset=0",
    );
  });
});

describe("accountExportUrl", () => {
  test("asks for every account the filters match, in the table's order, with no page", () => {
    expect(accountExportUrl({ filters: { status: "active", showDuplicates: false, reorder: "due" } }, { sort: "totalOrderValue", dir: "desc" })).toBe(
      "/api/accounts/export.csv?status=active&reorder=due&sort=totalOrderValue&dir=desc",
    );
    expect(accountExportUrl({ filters: { list: "key-accounts", from: "2026-01-01", to: "" } }, { sort: "name", dir: "asc" })).toBe(
      "/api/accounts/export.csv?list=key-accounts&from=2026-01-01&sort=name&dir=asc",
    );
  });

  test("asks for just the accounts named, their ids joined by commas", () => {
    expect(accountExportUrl({ ids: [12, 5, 40] }, { sort: "name", dir: "asc" })).toBe("/api/accounts/export.csv?ids=12%2C5%2C40&sort=name&dir=asc");
  });
});
