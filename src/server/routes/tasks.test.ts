import { beforeEach, describe, expect, test } from "bun:test";
import { addDays, businessToday } from "../../core/tasks/calendar-date.ts";
import { exportCsv, itemRow } from "../../testing/shipstation-csv.ts";
import { useTestServer } from "../../testing/test-server.ts";
import { importOrdersCsv } from "../../core/import/import-orders-csv.ts";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

describe("tasks API and automation", () => {
  const crm = useTestServer();
  let admin: { cookie: string; user: { id: number } };
  let sales: { cookie: string; user: { id: number } };
  beforeEach(async () => {
    admin = await crm.server.signInAs("admin", "admin@example.com");
    sales = await crm.server.signInAs("sales", "sales@example.com");
  });

  const today = () => businessToday();
  const tasks = async (query = "", cookie = admin.cookie) => (await crm.server.request("GET", `/api/tasks${query}`, { cookie })).body as { id: number; title: string; assigneeId: number; status: string; dueDate: string; source: string; accountName: string | null }[];
  const disableAutomation = () =>
    crm.server.request("PUT", "/api/settings/task-automation", {
      cookie: admin.cookie,
      body: { welcome: { enabled: false, dueInDays: 2, assignTo: "round_robin" }, newContact: { enabled: false, dueInDays: 1, assignTo: "account_owner" } },
    });

  test("create, list with filters, complete, reopen, reschedule, reassign and delete, each on the account's timeline", async () => {
    await disableAutomation();
    const { body: account } = await crm.server.request("POST", "/api/accounts", { cookie: admin.cookie, body: { name: "Task Co" } });
    const created = await crm.server.request("POST", "/api/tasks", { cookie: admin.cookie, body: { title: " Call back ", accountId: account.id, assigneeId: sales.user.id, dueDate: today() } });
    expect(created).toMatchObject({ status: 201, body: { title: "Call back", accountName: "Task Co", assigneeName: "Test sales", status: "open", source: "manual", completedAt: null, dueDate: today() } });
    const id = created.body.id;
    expect((await tasks(`?assigneeId=${sales.user.id}&due=today`)).map((task) => task.id)).toEqual([id]);
    expect(await tasks(`?assigneeId=${admin.user.id}`)).toEqual([]);
    expect((await tasks(`?accountId=${account.id}`)).length).toBe(1);

    const done = await crm.server.request("PATCH", `/api/tasks/${id}`, { cookie: sales.cookie, body: { status: "done" } });
    expect(done.body.status).toBe("done");
    expect(done.body.completedAt).toBeString();
    expect(await tasks("?due=today")).toEqual([]);
    expect((await crm.server.request("PATCH", `/api/tasks/${id}`, { cookie: sales.cookie, body: { status: "open" } })).body.completedAt).toBeNull();
    const tomorrow = addDays(today(), 1);
    expect((await crm.server.request("PATCH", `/api/tasks/${id}`, { cookie: sales.cookie, body: { dueDate: tomorrow } })).body.dueDate).toBe(tomorrow);
    expect((await crm.server.request("PATCH", `/api/tasks/${id}`, { cookie: sales.cookie, body: { assigneeId: admin.user.id } })).body.assigneeName).toBe("Test admin");
    expect((await crm.server.request("DELETE", `/api/tasks/${id}`, { cookie: sales.cookie })).status).toBe(204);
    const timeline = (await crm.server.request("GET", `/api/accounts/${account.id}/activity`, { cookie: admin.cookie })).body.map((entry: { summary: string }) => entry.summary);
    expect(timeline.slice(0, 6)).toEqual([
      'Deleted task "Call back"',
      'Reassigned task "Call back" to Test admin',
      `Rescheduled task "Call back" to ${tomorrow.slice(5, 7)}/${tomorrow.slice(8)}/${tomorrow.slice(0, 4)}`,
      'Reopened task "Call back"',
      'Completed task "Call back"',
      expect.stringMatching(/^Task created for Test sales: Call back/),
    ]);
  });

  test("validation answers 400 naming the field; no session 401", async () => {
    const post = (body: object) => crm.server.request("POST", "/api/tasks", { cookie: admin.cookie, body });
    expect((await post({ assigneeId: admin.user.id, dueDate: today() })).body).toEqual({ message: "title is required" });
    expect((await post({ title: "x", dueDate: today() })).body).toEqual({ message: "assigneeId is required" });
    expect((await post({ title: "x", assigneeId: admin.user.id, dueDate: "2026-02-30" })).body).toEqual({ message: "dueDate must be a date like 2026-11-21" });
    expect((await post({ title: "x", assigneeId: 999, dueDate: today() })).body).toEqual({ message: "assigneeId must be an active team member" });
    expect((await post({ title: "x", assigneeId: admin.user.id, dueDate: today(), accountId: 999 })).status).toBe(404);
    expect((await crm.server.request("GET", "/api/tasks?due=someday", { cookie: admin.cookie })).body).toEqual({ message: "due must be one of overdue, today, week, all" });
    expect((await crm.server.request("GET", "/api/tasks")).status).toBe(401);
    expect((await crm.server.request("PATCH", "/api/tasks/12345", { cookie: admin.cookie, body: { title: "y" } })).status).toBe(404);
  });

  test("the attention count is the signed-in user's open tasks due today or overdue", async () => {
    await disableAutomation();
    for (const [title, dueDate] of [["late", addDays(today(), -2)], ["now", today()], ["later", addDays(today(), 3)]]) {
      await crm.server.request("POST", "/api/tasks", { cookie: admin.cookie, body: { title, assigneeId: sales.user.id, dueDate } });
    }
    const attention = await crm.server.request("GET", "/api/tasks/attention", { cookie: sales.cookie });
    expect(attention.body.count).toBe(2);
    expect(attention.body.tasks.map((task: { title: string }) => task.title)).toEqual(["late", "now"]);
    expect((await crm.server.request("GET", "/api/tasks/attention", { cookie: admin.cookie })).body.count).toBe(0);
  });

  test("an import creating accounts creates welcome tasks in turn, round robin, and makes the assignee the owner", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "crm-welcome-"));
    try {
      const file = path.join(dir, "orders.csv");
      writeFileSync(file, exportCsv(Array.from({ length: 6 }, (_, i) => itemRow(`W-${i}`, `buyer${i}@clinic${i}.com`, { "Ship To - Company": `Clinic ${i}` }))));
      importOrdersCsv(crm.server.db, [{ path: file }]);
      const welcome = (await tasks()).filter((task) => task.source === "welcome");
      expect(welcome).toHaveLength(6);
      expect(welcome[0]!.title).toStartWith("Welcome Clinic");
      expect(welcome[0]!.dueDate).toBe(addDays(today(), 2));
      const perUser = new Map<number, number>();
      for (const task of welcome) perUser.set(task.assigneeId, (perUser.get(task.assigneeId) ?? 0) + 1);
      expect([...perUser.values()]).toEqual([3, 3]);
      const owners = crm.server.sqlite.query("SELECT count(*) AS n FROM accounts WHERE owner_user_id IS NOT NULL").get();
      expect(owners).toEqual({ n: 6 });
      // The rotation continues where it stopped.
      const { body: next } = await crm.server.request("POST", "/api/accounts", { cookie: admin.cookie, body: { name: "Next One" } });
      const nextTask = (await tasks(`?accountId=${next.id}`))[0]!;
      expect(nextTask.assigneeId).toBe(welcome[welcome.length - 1]!.assigneeId === admin.user.id ? sales.user.id : admin.user.id);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("adding a contact creates a reach-out task for the account's owner; automation off creates nothing", async () => {
    const { body: account } = await crm.server.request("POST", "/api/accounts", { cookie: admin.cookie, body: { name: "Owner Co" } });
    const owner = (await tasks(`?accountId=${account.id}`))[0]!.assigneeId;
    await crm.server.request("POST", "/api/contacts", { cookie: admin.cookie, body: { accountId: account.id, firstName: "Kim", lastName: "Park", email: "kim@owner.com" } });
    const reachOut = (await tasks(`?accountId=${account.id}`)).find((task) => task.source === "new-contact")!;
    expect(reachOut).toMatchObject({ title: "Reach out to Kim Park", assigneeId: owner, dueDate: addDays(today(), 1) });

    await disableAutomation();
    const { body: quiet } = await crm.server.request("POST", "/api/accounts", { cookie: admin.cookie, body: { name: "Quiet Co" } });
    await crm.server.request("POST", "/api/contacts", { cookie: admin.cookie, body: { accountId: quiet.id, firstName: "No", lastName: "Task", email: "no@quiet.com" } });
    expect(await tasks(`?accountId=${quiet.id}`)).toEqual([]);
  });

  test("automation settings: everyone reads them, only admins change them, values are checked", async () => {
    expect((await crm.server.request("GET", "/api/settings/task-automation", { cookie: sales.cookie })).body).toEqual({
      welcome: { enabled: true, dueInDays: 2, assignTo: "round_robin" },
      newContact: { enabled: true, dueInDays: 1, assignTo: "account_owner" },
    });
    const body = { welcome: { enabled: true, dueInDays: 3, assignTo: sales.user.id }, newContact: { enabled: true, dueInDays: 1, assignTo: "round_robin" } };
    expect((await crm.server.request("PUT", "/api/settings/task-automation", { cookie: sales.cookie, body })).status).toBe(403);
    expect((await crm.server.request("PUT", "/api/settings/task-automation", { cookie: admin.cookie, body })).body.welcome).toEqual({ enabled: true, dueInDays: 3, assignTo: sales.user.id });
    const bad = await crm.server.request("PUT", "/api/settings/task-automation", { cookie: admin.cookie, body: { ...body, welcome: { ...body.welcome, dueInDays: 0 } } });
    expect(bad).toMatchObject({ status: 400, body: { message: "welcome.dueInDays must be a whole number of days from 1 to 365" } });
  });
});
