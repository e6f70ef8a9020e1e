import { describe, expect, test } from "bun:test";
import { daysAgo, incomingOrder, SEEDED_DELIVERY } from "../../testing/seed.ts";
import { useDatabaseWithTeamOfTwo } from "../../testing/team.ts";
import { createAccount } from "../accounts/accounts.ts";
import { recordOrders } from "../orders/record-orders.ts";
import { startOfDaysAgo } from "../time/business-calendar.ts";
import { COMMAND_LINE } from "../changes/actor.ts";
import { saveTaskAutomation } from "./task-automation.ts";

describe("welcome tasks", () => {
  const team = useDatabaseWithTeamOfTwo();

  /** One recording of first orders, as an import of a history is: one customer per date. */
  const importFirstOrders = (prefix: string, dates: Date[]) =>
    recordOrders(team.database.db, (recorder) => dates.forEach((placedAt, index) => recorder.record(incomingOrder(`${prefix}${index}@clinic.com`, { number: `${prefix}-${index}`, placedAt, total: 10 }))), { delivery: SEEDED_DELIVERY });
  const welcomeTasks = () =>
    team.database.sqlite
      .query<{ email: string; assigneeId: number; owner: number | null }, []>(
        `SELECT a.email, t.assignee_id AS assigneeId, a.owner_user_id AS owner FROM tasks t JOIN accounts a ON a.id = t.account_id
         WHERE t.source = 'welcome' ORDER BY t.id`,
      )
      .all();

  test("an import of years of history greets only the customers whose first order is at most 14 days old", () => {
    importFirstOrders("old", [daysAgo(700), daysAgo(200), daysAgo(15), new Date(startOfDaysAgo(14) - 60_000)]);
    importFirstOrders("new", [new Date(startOfDaysAgo(14)), daysAgo(13), daysAgo(1)]);
    expect(welcomeTasks().map((task) => task.email)).toEqual(["new0@clinic.com", "new1@clinic.com", "new2@clinic.com"]);
  });

  test("round robin alternates over the active users, on from where the last recording stopped, and the assignee becomes the owner", () => {
    importFirstOrders("a", [daysAgo(1), daysAgo(1), daysAgo(1)]);
    importFirstOrders("b", [daysAgo(1)]);
    const tasks = welcomeTasks();
    expect(tasks.map((task) => task.assigneeId)).toEqual([team.ann, team.bob, team.ann, team.bob]);
    for (const task of tasks) expect(task.owner).toBe(task.assigneeId);
  });

  test("a deactivated user is skipped; a chosen assignee takes every task", () => {
    team.database.sqlite.run("UPDATE users SET active = 0 WHERE id = ?", [team.bob]);
    importFirstOrders("a", [daysAgo(1), daysAgo(2)]);
    team.database.sqlite.run("UPDATE users SET active = 1 WHERE id = ?", [team.bob]);
    saveTaskAutomation(team.database.db, { welcome: { enabled: true, dueInDays: 2, assignTo: team.bob }, newContact: { enabled: true, dueInDays: 1, assignTo: "account_owner" } }, COMMAND_LINE);
    importFirstOrders("b", [daysAgo(1), daysAgo(2), daysAgo(3)]);
    expect(welcomeTasks().map((task) => task.assigneeId)).toEqual([team.ann, team.ann, team.bob, team.bob, team.bob]);
  });

  test("an account added by hand is greeted", () => {
    createAccount(team.database.db, { name: "Walk-in Clinic", email: "walkin@clinic.com" }, { userId: team.ann, name: "Ann", source: "user" });
    expect(welcomeTasks()).toEqual([{ email: "walkin@clinic.com", assigneeId: team.ann, owner: team.ann }]);
  });
});
