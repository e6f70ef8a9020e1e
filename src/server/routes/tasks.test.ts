import { beforeEach, describe, expect, test } from "bun:test";
import { addDays, businessToday } from "../../core/time/business-calendar.ts";
import { exportCsv, itemRow } from "../../testing/shipstation-csv.ts";
import { useTestServer } from "../../testing/test-server.ts";
import { temporaryDirectory } from "../../testing/temporary-directory.ts";
import { runCsvImport } from "../../core/import/csv-import-run.ts";
import { writeFileSync } from "node:fs";
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
    expect((await post({ assigneeId: admin.user.id, dueDate: today() })).body).toEqual({ message: "title is required", field: "title" });
    expect((await post({ title: "  ", assigneeId: admin.user.id, dueDate: today() })).body).toEqual({ message: "title is required", field: "title" });
    expect(await post({ title: "x", dueDate: today() })).toMatchObject({ status: 400, body: { field: "assigneeId" } });
    expect(await post({ title: "x", assigneeId: admin.user.id })).toMatchObject({ status: 400, body: { field: "dueDate" } });
    expect((await post({ title: "x", assigneeId: admin.user.id, dueDate: "2026-02-30" })).body).toEqual({ message: "dueDate must be a date written YYYY-MM-DD", field: "dueDate" });
    expect((await post({ title: "x", assigneeId: 999, dueDate: today() })).body).toEqual({ message: "assigneeId must be an active team member", field: "assigneeId" });
    expect((await post({ title: "x", assigneeId: admin.user.id, dueDate: today(), accountId: 999 })).status).toBe(404);
    expect((await post({ title: "x", assigneeId: admin.user.id, dueDate: today(), notes: "n".repeat(5000) })).status).toBe(201);
    expect(await post({ title: "x", assigneeId: admin.user.id, dueDate: today(), notes: "n".repeat(5001) })).toMatchObject({ status: 400, body: { field: "notes" } });
    expect((await post({ title: "x".repeat(201), assigneeId: admin.user.id, dueDate: today() })).body).toEqual({ message: "title must be at most 200 characters", field: "title" });
    // A body names a record by a JSON number, as its description says, not by text.
    expect((await post({ title: "x", assigneeId: String(admin.user.id), dueDate: today() })).body).toEqual({
      message: `assigneeId must be a whole number from 1 to ${Number.MAX_SAFE_INTEGER}`,
      field: "assigneeId",
    });
    const patch = (body: object) => crm.server.request("PATCH", "/api/tasks/1", { cookie: admin.cookie, body });
    expect((await patch({ status: "late" })).body).toEqual({ message: "status must be one of open, done", field: "status" });
    const badId = { status: 400, body: { message: `id must be a whole number from 1 to ${Number.MAX_SAFE_INTEGER}` } };
    expect(await crm.server.request("PATCH", "/api/tasks/abc", { cookie: admin.cookie, body: {} })).toMatchObject(badId);
    expect(await crm.server.request("DELETE", "/api/tasks/0", { cookie: admin.cookie })).toMatchObject(badId);
    expect(await crm.server.request("DELETE", "/api/tasks/0x10", { cookie: admin.cookie })).toMatchObject(badId);
    expect((await crm.server.request("GET", "/api/tasks")).status).toBe(401);
    expect((await crm.server.request("PATCH", "/api/tasks/12345", { cookie: admin.cookie, body: { title: "y" } })).status).toBe(404);
  });

  test("pages of tasks: X-Total-Count counts every match of the filters, limit and offset pick the page", async () => {
    await disableAutomation();
    const { body: account } = await crm.server.request("POST", "/api/accounts", { cookie: admin.cookie, body: { name: "Paged Co" } });
    const plan: [string, number, number, number | null][] = [
      // title, days from today, assignee, account
      ["late 1", -3, sales.user.id, account.id],
      ["late 2", -1, sales.user.id, null],
      ["now 1", 0, sales.user.id, account.id],
      ["now 2", 0, admin.user.id, null],
      ["soon 1", 1, sales.user.id, null],
      ["soon 2", 2, sales.user.id, account.id],
      ["soon 3", 9, admin.user.id, account.id],
    ];
    for (const [title, days, assigneeId, accountId] of plan) {
      await crm.server.request("POST", "/api/tasks", { cookie: admin.cookie, body: { title, assigneeId, accountId, dueDate: addDays(today(), days) } });
    }
    const page = async (query: string) => {
      const answer = await crm.server.request("GET", `/api/tasks?${query}`, { cookie: sales.cookie });
      expect(answer.status).toBe(200);
      return { titles: answer.body.map((task: { title: string }) => task.title), total: Number(answer.headers.get("x-total-count")) };
    };

    expect(await page("status=open&limit=3")).toEqual({ titles: ["late 1", "late 2", "now 1"], total: 7 });
    expect(await page("status=open&limit=3&offset=3")).toEqual({ titles: ["now 2", "soon 1", "soon 2"], total: 7 });
    expect(await page("status=open&limit=3&offset=6")).toEqual({ titles: ["soon 3"], total: 7 });
    expect(await page("status=open&limit=3&offset=9")).toEqual({ titles: [], total: 7 });
    // The board's columns for one assignee: overdue up to yesterday, today, upcoming from tomorrow.
    const mine = `status=open&assigneeId=${sales.user.id}`;
    expect(await page(`${mine}&dueTo=${addDays(today(), -1)}&limit=1`)).toEqual({ titles: ["late 1"], total: 2 });
    expect(await page(`${mine}&dueFrom=${today()}&dueTo=${today()}`)).toEqual({ titles: ["now 1"], total: 1 });
    expect(await page(`${mine}&dueFrom=${addDays(today(), 1)}`)).toEqual({ titles: ["soon 1", "soon 2"], total: 2 });
    // The badge and the bell: the signed-in user's open tasks due today or before.
    expect(await page(`${mine}&dueTo=${today()}&limit=2`)).toEqual({ titles: ["late 1", "late 2"], total: 3 });
    // dueFrom and dueTo narrow the due filter: the week from tomorrow on.
    expect(await page(`due=week&dueFrom=${addDays(today(), 1)}`)).toEqual({ titles: ["soon 1", "soon 2"], total: 2 });
    expect(await page(`due=overdue&dueFrom=${addDays(today(), -2)}`)).toEqual({ titles: ["late 2"], total: 1 });
    expect(await page(`due=today&dueFrom=${addDays(today(), 1)}`)).toEqual({ titles: [], total: 0 });
    expect(await page(`accountId=${account.id}&status=open`)).toEqual({ titles: ["late 1", "now 1", "soon 2", "soon 3"], total: 4 });
    // Without a limit, a page of the default size.
    expect((await page("status=open")).titles).toHaveLength(7);
  });

  test("with status all the open tasks come first by due date, then the completed ones, latest completed first", async () => {
    await disableAutomation();
    const create = async (title: string, days: number) =>
      (await crm.server.request("POST", "/api/tasks", { cookie: admin.cookie, body: { title, assigneeId: admin.user.id, dueDate: addDays(today(), days) } })).body.id as number;
    const ids = [await create("open later", 5), await create("done first", -5), await create("open sooner", 1), await create("done second", -9)];
    await crm.server.request("PATCH", `/api/tasks/${ids[1]}`, { cookie: admin.cookie, body: { status: "done" } });
    await Bun.sleep(5);
    await crm.server.request("PATCH", `/api/tasks/${ids[3]}`, { cookie: admin.cookie, body: { status: "done" } });
    const titles = async (query: string) => (await tasks(`?${query}`)).map((task) => task.title);
    expect(await titles("status=done")).toEqual(["done second", "done first"]);
    expect(await titles("status=all")).toEqual(["open sooner", "open later", "done second", "done first"]);
    expect(await titles("status=all&limit=2&offset=1")).toEqual(["open later", "done second"]);
    expect(await titles("status=all&limit=2&offset=3")).toEqual(["done first"]);
    const answer = await crm.server.request("GET", "/api/tasks?status=all&limit=1&offset=3", { cookie: admin.cookie });
    expect(answer.headers.get("x-total-count")).toBe("4");
  });

  test("bad paging or filters answer 400 naming the parameter, never 500", async () => {
    const failure = async (query: string) => {
      const answer = await crm.server.request("GET", `/api/tasks?${query}`, { cookie: admin.cookie });
      expect(answer.status).toBe(400);
      return answer.body.message as string;
    };
    for (const limit of ["0", "201", "abc", "2.5", "", "-1", "-5"]) expect(await failure(`limit=${limit}`)).toBe("limit must be a whole number from 1 to 200");
    for (const offset of ["-1", "x", "1.5", "", "1e309"]) expect(await failure(`offset=${offset}`)).toBe("offset must be a whole number from 0 to 1000000000");
    expect(await failure("dueFrom=2026-02-30")).toBe("dueFrom must be a date written YYYY-MM-DD");
    expect(await failure("dueTo=tomorrow")).toBe("dueTo must be a date written YYYY-MM-DD");
    for (const id of ["0", "one", "-3", "1.5"]) {
      expect(await failure(`assigneeId=${id}`)).toBe(`assigneeId must be a whole number from 1 to ${Number.MAX_SAFE_INTEGER}`);
      expect(await failure(`accountId=${id}`)).toBe(`accountId must be a whole number from 1 to ${Number.MAX_SAFE_INTEGER}`);
    }
    expect(await failure("status=late")).toBe("status must be one of open, done, all");
    expect(await failure("due=someday")).toBe("due must be one of all, overdue, today, week");
    expect(await failure("due=")).toBe("due must be one of all, overdue, today, week");
    expect((await crm.server.request("GET", "/api/tasks?limit=200&offset=100000", { cookie: admin.cookie })).status).toBe(200);
  });

  test("an import creating accounts creates welcome tasks in turn, round robin, and makes the assignee the owner", async () => {
    const dir = temporaryDirectory("crm-welcome-");
    try {
      const file = path.join(dir.path, "orders.csv");
      // Ordered yesterday: new customers, whom the automation welcomes.
      const [year, month, day] = addDays(today(), -1).split("-").map(Number);
      const orderDate = `${month}/${day}/${year} 10:00:00 AM`;
      writeFileSync(file, exportCsv(Array.from({ length: 6 }, (_, i) => itemRow(`W-${i}`, `buyer${i}@clinic${i}.com`, { "Ship To - Company": `Clinic ${i}`, "Date - Order Date": orderDate }))));
      await runCsvImport(crm.server.db, [{ path: file }]);
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
      dir.dispose();
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
