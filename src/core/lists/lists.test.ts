import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { daysAgo, seedCustomer } from "../../testing/seed.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { createAccount } from "../accounts/accounts.ts";
import { COMMAND_LINE } from "../changes/actor.ts";
import { saveCustomerLifecycle } from "../lifecycle/lifecycle-settings.ts";
import { createList, summarizeLists } from "./lists.ts";

describe("summarizeLists", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  beforeEach(() => {
    database = temporaryDatabase();
  });
  afterEach(() => database.dispose());

  test("without a first-order window every account counts, those with no order that counts too; a window takes only first orders within it", () => {
    seedCustomer(database.db, { email: "ann@clinic.com", orders: [{ number: "1", placedAt: daysAgo(2), total: 100 }] });
    seedCustomer(database.db, { email: "bob@lab.com", orders: [{ number: "2", placedAt: daysAgo(3), total: 50, status: "cancelled" }] });
    createAccount(database.db, { name: "Walk-in Clinic" }, COMMAND_LINE);
    const newList = () => summarizeLists(database.db).find((list) => list.key === "new")!;
    expect(newList()).toMatchObject({ count: 3, totalOrderCents: 10_000 });
    const today = new Date().toISOString().slice(0, 10);
    const windowed = summarizeLists(database.db, { from: "2000-01-01", to: today }).find((list) => list.key === "new")!;
    expect(windowed.count).toBe(1);
  });

  test("a built-in list is described by its rule with the customer-lifecycle windows, a custom list by its maker", () => {
    createList(database.db, { name: "Trade shows", description: "Met at a show" }, COMMAND_LINE);
    const descriptions = () => Object.fromEntries(summarizeLists(database.db).map((list) => [list.key, list.description]));
    expect(descriptions()).toEqual({
      new: "First order within the last 30 days, or no order yet",
      active: "An order within the last 180 days",
      legacy: "No order in the last 180 days",
      "trade-shows": "Met at a show",
    });
    saveCustomerLifecycle(database.db, { newWithinDays: 14, activeWithinDays: 90 }, COMMAND_LINE);
    expect(descriptions()).toMatchObject({ new: "First order within the last 14 days, or no order yet", active: "An order within the last 90 days", legacy: "No order in the last 90 days" });
  });
});
