import { beforeAll, describe, expect, test } from "bun:test";
import path from "node:path";
import type { Locator, Page, Response } from "playwright-core";
import { addDays, businessToday } from "../src/core/time/business-calendar.ts";
import { formatUsCalendarDate } from "../src/web/format/dates.ts";
import { screenshot as saveScreenshot } from "./support/browser.ts";
import { runCrm } from "./support/crm-server.ts";
import { useCrmAndBrowser } from "./support/harness.ts";
import { signedInPage } from "./support/session.ts";
import { waitForCount, waitForText } from "./support/wait.ts";

const SAMPLE = path.join(import.meta.dir, "../examples/orders-sample.csv");
const COLLEAGUE = { email: "sam@example.com", name: "Sam Seller", password: "sam-password-1" };
const INVITED = { email: "rita.rep@example.com", name: "Rita Rep" };
const ADMIN_NAME = "Administrator";

/** A task as GET /api/tasks lists it: the fields these tests read. */
interface ApiTask {
  id: number;
  title: string;
  accountId: number | null;
  accountName: string | null;
  assigneeId: number;
  dueDate: string;
  status: "open" | "done";
  source: "manual" | "welcome" | "new-contact";
}

/**
 * Follow-up tasks and the team on the sample import (40 accounts), with upcoming tasks for the administrator and
 * for Sam, a Sales colleague: the Tasks board (the signed-in user's by default, the team's a click away), the
 * sidebar badge and the bell, an account's Tasks tab, inviting a Sales user who then signs in, and the task
 * automation settings. The tests run in order against one server; each reads the counts it changes before changing them.
 */
describe("tasks, the badge and the bell, the team and the task automation", () => {
  const running = useCrmAndBrowser();
  const today = businessToday();
  const tomorrow = addDays(today, 1);
  const inThreeDays = addDays(today, 3);

  beforeAll(async () => {
    await runCrm(running.crm, ["import-csv", SAMPLE]);
    await runCrm(running.crm, ["user", "add", "--email", COLLEAGUE.email, "--name", COLLEAGUE.name, "--role", "sales", "--password", COLLEAGUE.password]);
    const page = await signedInPage(running.browser, running.crm);
    const me = await api<{ id: number }>(page, "GET", "/api/auth/me");
    const sam = await colleagueOn(page);
    for (const [assigneeId, count] of [[me.id, 2], [sam.id, 3]] as const) {
      for (let index = 1; index <= count; index++) {
        await api(page, "POST", "/api/tasks", { title: `Quarterly check-in ${index} for ${assigneeId === me.id ? "me" : "Sam"}`, accountId: null, assigneeId, dueDate: inThreeDays });
      }
    }
    await page.close();
  });

  /** A page signed in as the administrator, freshly loaded on the given path (no welcome toast left over). */
  async function adminPageOn(pathname: string): Promise<Page> {
    const page = await signedInPage(running.browser, running.crm);
    page.setDefaultTimeout(15_000);
    await page.goto(`${running.crm.url}${pathname}`);
    await page.getByTestId("sidebar-user-name").waitFor();
    return page;
  }

  /** The Tasks screen (the signed-in user's board, or another), loaded, with the badge and the bell showing what the server counts for the signed-in user. */
  async function tasksBoard(pathname = "/tasks"): Promise<{ page: Page; attention: number }> {
    const page = await adminPageOn(pathname);
    await waitForBoard(page);
    await waitForText(page.getByTestId("screen-title"), "Task Management");
    const me = await api<{ id: number }>(page, "GET", "/api/auth/me");
    const attention = await totalOf(page, `/api/tasks?assigneeId=${me.id}&status=open&dueTo=${today}&limit=1`);
    await expectAttentionCount(page, attention);
    return { page, attention };
  }

  test("the board shows the signed-in user's tasks, the team's one click away, and a task created for today lands in Due Today, the badge and the bell", async () => {
    const { page, attention } = await tasksBoard();
    const me = await api<{ id: number }>(page, "GET", "/api/auth/me");
    const sam = await colleagueOn(page);
    const upcoming = (assignee = "") => totalOf(page, `/api/tasks?${assignee}status=open&dueFrom=${tomorrow}&limit=1`);
    const [myUpcoming, samsUpcoming, teamUpcoming] = [await upcoming(`assigneeId=${me.id}&`), await upcoming(`assigneeId=${sam.id}&`), await upcoming()];
    // Beside whatever welcome tasks the import made, the check-ins: two of them mine, three Sam's.
    expect(myUpcoming).toBeGreaterThanOrEqual(2);
    expect(samsUpcoming).toBe(3);
    expect(teamUpcoming).toBe(myUpcoming + samsUpcoming);
    // None of them is the badge's business yet.
    expect(attention).toBe(0);

    // Plain /tasks is 'My tasks': the administrator's own, the Assignee select naming them.
    await page.getByTestId("task-assignee-filter").locator("option", { hasText: COLLEAGUE.name }).waitFor({ state: "attached" });
    expect(await page.getByTestId("task-board-mine").getAttribute("aria-pressed")).toBe("true");
    expect(await page.getByTestId("task-board-everyone").getAttribute("aria-pressed")).toBe("false");
    expect(await page.getByTestId("task-assignee-filter").locator("option:checked").innerText()).toBe(ADMIN_NAME);
    await expectColumnCount(page, "upcoming", myUpcoming);
    await taskCard(column(page, "upcoming"), "Quarterly check-in 1 for me").waitFor();
    expect(await taskCard(column(page, "upcoming"), "Quarterly check-in 1 for Sam").count()).toBe(0);
    await screenshot(page, "tasks-board-mine");

    // One click shows the whole team's, in the URL too.
    await page.getByTestId("task-board-everyone").click();
    await page.locator('[data-testid="task-board-everyone"][aria-pressed="true"]').waitFor();
    expect(new URL(page.url()).search).toBe("?assignee=all");
    await expectColumnCount(page, "upcoming", teamUpcoming);
    expect(await page.getByTestId("task-assignee-filter").locator("option:checked").innerText()).toBe("All Team Members");
    await taskCard(column(page, "upcoming"), "Quarterly check-in 1 for Sam").waitFor();
    await screenshot(page, "tasks-board-team");

    // The Assignee select still picks any member; picking oneself is 'My tasks' again.
    await page.getByTestId("task-assignee-filter").selectOption({ label: COLLEAGUE.name });
    await page.waitForURL((url) => url.search === `?assigneeId=${sam.id}`);
    await expectColumnCount(page, "upcoming", samsUpcoming);
    expect(await page.getByTestId("task-board-mine").getAttribute("aria-pressed")).toBe("false");
    expect(await page.getByTestId("task-board-everyone").getAttribute("aria-pressed")).toBe("false");
    await page.getByTestId("task-assignee-filter").selectOption({ label: ADMIN_NAME });
    await page.waitForURL((url) => url.search === "");
    await page.locator('[data-testid="task-board-mine"][aria-pressed="true"]').waitFor();
    await expectColumnCount(page, "upcoming", myUpcoming);
    const dueToday = await columnCount(page, "today");

    await page.getByTestId("create-task-button").click();
    const modal = page.getByTestId("create-task-modal");
    await modal.getByTestId("task-title-input").fill("Call Granite about the reorder");
    // The account is found by typing part of its name.
    await modal.getByTestId("task-account-input").fill("Granite");
    const option = page.getByTestId("task-account-option").filter({ hasText: "Granite Warehouse Solutions" });
    await option.waitFor();
    await screenshot(page, "tasks-create-account-search");
    await option.click();
    expect(await modal.getByTestId("task-account-input").inputValue()).toBe("Granite Warehouse Solutions, LLC");
    // Both team members can be given the task; it goes to the signed-in administrator.
    const assignee = modal.getByTestId("task-assignee-select");
    await assignee.locator("option", { hasText: COLLEAGUE.name }).waitFor({ state: "attached" });
    await assignee.selectOption({ label: ADMIN_NAME });
    // A new task is due tomorrow unless told otherwise.
    expect(await modal.getByTestId("task-due-date-input").inputValue()).toBe(tomorrow);
    await modal.getByTestId("task-due-date-input").fill(today);
    await screenshot(page, "tasks-create-filled");

    const created = await responseTo(page, "POST", "/api/tasks", () => modal.getByTestId("create-task-submit").click());
    expect(created.status()).toBe(201);
    await modal.waitFor({ state: "hidden" });
    await expectToast(page, "Task created", `Call Granite about the reorder is due ${formatUsCalendarDate(today)}.`);

    const card = taskCard(column(page, "today"), "Call Granite about the reorder");
    await card.waitFor();
    await expectColumnCount(page, "today", dueToday + 1);
    await expectColumnCount(page, "upcoming", myUpcoming);
    expect(await card.getByTestId("task-account-link").innerText()).toBe("Granite Warehouse Solutions, LLC");
    expect(await card.getByTestId("task-assignee").innerText()).toContain(ADMIN_NAME);
    expect(await card.getByTestId("task-due-date").innerText()).toBe(`Due ${formatUsCalendarDate(today)}`);
    await expectAttentionCount(page, attention + 1);
    expect(await page.getByTestId("notification-bell").getAttribute("aria-label")).toBe("Notifications: 1 task overdue or due today");
    await screenshot(page, "tasks-created-due-today");
    await page.close();
  });

  test("the bell lists only the signed-in user's overdue and due-today tasks, and one opens its account", async () => {
    const { page, attention } = await tasksBoard();
    const me = await api<{ id: number }>(page, "GET", "/api/auth/me");
    const accounts = await api<{ id: number; name: string }[]>(page, "GET", "/api/accounts?limit=40");
    const granite = accounts.find((account) => account.name.startsWith("Granite Warehouse"));
    if (!granite) throw new Error("the sample has no Granite Warehouse account");
    const [other, third] = accounts.filter((account) => account.id !== granite.id);
    if (!other || !third) throw new Error("the sample has too few accounts");
    const colleague = await colleagueOn(page);

    // Meanwhile, elsewhere: an overdue task for the administrator, and one due today for Sam, who is not signed in here.
    await api(page, "POST", "/api/tasks", { title: "Chase the unpaid invoice", accountId: other.id, assigneeId: me.id, dueDate: addDays(today, -3) });
    await api(page, "POST", "/api/tasks", { title: "Sam's call for today", accountId: third.id, assigneeId: colleague.id, dueDate: today });

    // Opening the bell asks the server again: the overdue task shows up, Sam's does not.
    await page.getByTestId("notification-bell").click();
    const panel = page.getByTestId("notification-panel");
    const items = panel.getByTestId("notification-item");
    await items.filter({ hasText: "Chase the unpaid invoice" }).waitFor();
    expect(await items.count()).toBe(attention + 1);
    // Oldest due date first.
    const overdue = items.first();
    expect(await overdue.innerText()).toContain("Chase the unpaid invoice");
    expect(await overdue.getByTestId("notification-overdue").innerText()).toBe("Overdue");
    expect(await overdue.innerText()).toContain(other.name);
    expect(await overdue.innerText()).toContain(`Due ${formatUsCalendarDate(addDays(today, -3))}`);
    const dueToday = items.filter({ hasText: "Call Granite about the reorder" });
    expect(await dueToday.innerText()).toContain("Due today");
    expect(await dueToday.innerText()).toContain(granite.name);
    expect(await items.filter({ hasText: "Sam's call for today" }).count()).toBe(0);
    expect(await dueToday.getAttribute("href")).toBe(`/accounts/${granite.id}`);
    // The sidebar badge reads the same answer.
    await expectAttentionCount(page, attention + 1);
    await screenshot(page, "tasks-bell-open");

    await dueToday.click();
    await page.locator(`[data-testid="account-detail-screen"][data-account-id="${granite.id}"]`).waitFor();
    await waitForText(page.getByTestId("account-breadcrumb").locator('[aria-current="page"]'), granite.name);
    expect(new URL(page.url()).pathname).toBe(`/accounts/${granite.id}`);
    await panel.waitFor({ state: "hidden" });
    // The account's Tasks tab has the task, marked as due today.
    await page.getByTestId("activity-tab-tasks").click();
    const card = taskCard(page.getByTestId("tasks-panel"), "Call Granite about the reorder");
    await card.waitFor();
    expect(await card.getByTestId("task-due-badge").innerText()).toBe("Due today");
    await screenshot(page, "tasks-bell-opened-account");
    await page.close();
  });

  test("Complete takes a task off the board, and the column count, the badge and the bell go down", async () => {
    // Sam's task for today is not on the administrator's own board...
    const mine = await tasksBoard();
    await taskCard(column(mine.page, "today"), "Call Granite about the reorder").waitFor();
    expect(await taskCard(column(mine.page, "today"), "Sam's call for today").count()).toBe(0);
    await mine.page.close();
    // ...but is on the team's, though not in the administrator's badge.
    const { page, attention } = await tasksBoard("/tasks?assignee=all");
    const dueToday = await columnCount(page, "today");
    const samsTask = taskCard(column(page, "today"), "Sam's call for today");
    expect(await samsTask.getByTestId("task-assignee").innerText()).toContain(COLLEAGUE.name);
    const card = taskCard(column(page, "today"), "Call Granite about the reorder");
    const taskId = await card.getAttribute("data-task-id");

    const completed = await responseTo(page, "PATCH", `/api/tasks/${taskId}`, () => card.getByTestId("task-complete-button").click());
    expect(completed.status()).toBe(200);
    await expectToast(page, "Task completed", "Call Granite about the reorder");
    await page.locator(`[data-testid="task-card"][data-task-id="${taskId}"]`).waitFor({ state: "detached" });
    await expectColumnCount(page, "today", dueToday - 1);
    await expectAttentionCount(page, attention - 1);
    await screenshot(page, "tasks-completed");

    // Done for good: still done after a reload, where the board shows open tasks only.
    const task = (await api<ApiTask[]>(page, "GET", "/api/tasks?status=done&limit=200")).find((each) => String(each.id) === taskId);
    expect(task?.status).toBe("done");
    await page.reload();
    await waitForBoard(page);
    await expectColumnCount(page, "today", dueToday - 1);
    expect(await page.locator(`[data-testid="task-card"][data-task-id="${taskId}"]`).count()).toBe(0);
    await page.close();
  });

  test("Reschedule → Tomorrow moves a task from Due Today to Upcoming, and the badge goes down", async () => {
    const seeding = await adminPageOn("/tasks");
    const me = await api<{ id: number }>(seeding, "GET", "/api/auth/me");
    await api(seeding, "POST", "/api/tasks", { title: "Send the new price list", accountId: null, assigneeId: me.id, dueDate: today });
    await seeding.close();

    const { page, attention } = await tasksBoard();
    const [dueToday, upcoming] = [await columnCount(page, "today"), await columnCount(page, "upcoming")];
    const card = taskCard(column(page, "today"), "Send the new price list");
    const taskId = await card.getAttribute("data-task-id");

    await card.getByTestId("task-reschedule-button").click();
    const panel = page.getByTestId("reschedule-panel");
    const choice = panel.getByTestId("reschedule-tomorrow");
    expect(await choice.innerText()).toContain("Tomorrow");
    expect(await choice.innerText()).toContain(formatUsCalendarDate(tomorrow));
    await screenshot(page, "tasks-reschedule-menu");
    const rescheduled = await responseTo(page, "PATCH", `/api/tasks/${taskId}`, () => choice.click());
    expect(rescheduled.status()).toBe(200);
    await expectToast(page, "Task rescheduled", `Send the new price list is now due ${formatUsCalendarDate(tomorrow)}.`);

    const moved = column(page, "upcoming").locator(`[data-testid="task-card"][data-task-id="${taskId}"]`);
    await moved.waitFor();
    expect(await column(page, "today").locator(`[data-task-id="${taskId}"]`).count()).toBe(0);
    expect(await moved.getByTestId("task-due-date").innerText()).toBe(`Due ${formatUsCalendarDate(tomorrow)}`);
    // Upcoming is by due date: tomorrow comes before the check-ins due in 3 days.
    expect(await column(page, "upcoming").getByTestId("task-card").first().getAttribute("data-task-id")).toBe(taskId);
    await expectColumnCount(page, "today", dueToday - 1);
    await expectColumnCount(page, "upcoming", upcoming + 1);
    await expectAttentionCount(page, attention - 1);
    await screenshot(page, "tasks-rescheduled");
    await page.close();
  });

  test("Add Task on an account's Tasks tab creates a task for that account, shown in the tab", async () => {
    const page = await adminPageOn("/accounts");
    const row = page.getByTestId("account-row").nth(4);
    const accountId = await row.getAttribute("data-account-id");
    const accountName = await row.getByTestId("account-name").innerText();
    const me = await api<{ id: number }>(page, "GET", "/api/auth/me");
    await api(page, "POST", "/api/tasks", { title: "Confirm the standing order", accountId: Number(accountId), assigneeId: me.id, dueDate: inThreeDays });
    const completed = await api<ApiTask>(page, "POST", "/api/tasks", { title: "Send the catalogue", accountId: Number(accountId), assigneeId: me.id, dueDate: today });
    await api(page, "PATCH", `/api/tasks/${completed.id}`, { status: "done" });
    await row.getByTestId("account-name").click();
    await page.locator(`[data-testid="account-detail-screen"][data-account-id="${accountId}"]`).waitFor();

    await page.getByTestId("activity-tab-tasks").click();
    const tasksPanel = page.getByTestId("tasks-panel");
    const openTasks = tasksPanel.getByTestId("account-open-tasks");
    const list = openTasks.getByTestId("task-card");
    // Open tasks with their count, then the completed ones with theirs.
    await list.filter({ hasText: "Confirm the standing order" }).waitFor();
    const before = await list.count();
    await waitForText(openTasks.getByTestId("account-tasks-count"), String(before));
    const completedTasks = tasksPanel.getByTestId("account-completed-tasks");
    await taskCard(completedTasks, "Send the catalogue").waitFor();
    await waitForText(completedTasks.getByTestId("account-tasks-count"), "1");

    await tasksPanel.getByTestId("add-task-button").click();
    const modal = page.getByTestId("create-task-modal");
    // The account is filled in; the task is the signed-in user's, due tomorrow.
    expect(await modal.getByTestId("task-account-input").inputValue()).toBe(accountName);
    await modal.getByTestId("task-title-input").fill("Send samples of the 12-panel cup");
    await modal.getByTestId("task-notes-input").fill("They asked at the trade show.");
    await screenshot(page, "tasks-account-add-task");
    const created = await responseTo(page, "POST", "/api/tasks", () => modal.getByTestId("create-task-submit").click());
    expect(created.status()).toBe(201);
    expect(((await created.json()) as ApiTask).accountId).toBe(Number(accountId));
    await modal.waitFor({ state: "hidden" });
    await expectToast(page, "Task created", `Send samples of the 12-panel cup is due ${formatUsCalendarDate(tomorrow)}.`);

    const card = taskCard(tasksPanel, "Send samples of the 12-panel cup");
    await card.waitFor();
    await waitForCount(list, before + 1);
    await waitForText(openTasks.getByTestId("account-tasks-count"), String(before + 1));
    expect(await card.getByTestId("task-notes").innerText()).toBe("They asked at the trade show.");
    expect(await card.getByTestId("task-assignee").innerText()).toContain(ADMIN_NAME);
    expect(await card.getByTestId("task-due-date").innerText()).toBe(`Due ${formatUsCalendarDate(tomorrow)}`);
    // Open tasks by due date: tomorrow's comes before the one due in 3 days. On its own account's page the
    // card does not link to the account, and an upcoming task has no due badge.
    expect(await list.first().getByTestId("task-title").innerText()).toBe("Send samples of the 12-panel cup");
    expect(await card.getByTestId("task-account-link").count()).toBe(0);
    expect(await card.getByTestId("task-due-badge").count()).toBe(0);
    await screenshot(page, "tasks-account-task-added");

    // It is on the account's timeline too.
    await page.getByTestId("activity-tab-activity").click();
    await page
      .getByTestId("activity-entry")
      .filter({ hasText: `Task created for ${ADMIN_NAME}: Send samples of the 12-panel cup (due ${formatUsCalendarDate(tomorrow)})` })
      .waitFor();
    await page.close();
  });

  test("an admin invites a Sales user, who signs in with the one-time password, chooses their own and sees the team without actions", async () => {
    const page = await adminPageOn("/accounts");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
    const card = page.getByTestId("team-card");
    const rows = card.getByTestId("team-member-row");
    await rows.filter({ hasText: COLLEAGUE.email }).waitFor();
    const membersBefore = await rows.count();

    await card.getByTestId("invite-user-button").click();
    const modal = page.getByTestId("invite-user-modal");
    await modal.getByTestId("invite-user-name").fill(INVITED.name);
    await modal.getByTestId("invite-user-email").fill(INVITED.email);
    await modal.getByTestId("invite-user-role-sales").check();
    expect(await modal.getByTestId("invite-user-role-admin").isChecked()).toBe(false);
    await screenshot(page, "team-invite-filled");
    const invited = await responseTo(page, "POST", "/api/team", () => modal.getByTestId("invite-user-submit").click());
    expect(invited.status()).toBeLessThan(300);

    const dialog = page.getByTestId("one-time-password-dialog");
    await dialog.getByText(`Share this password with ${INVITED.name}. It will not be shown again, and lets them in only to choose their own.`).waitFor();
    expect(await dialog.getByRole("heading").first().innerText()).toBe("User Invited");
    const password = await dialog.getByTestId("one-time-password-value").inputValue();
    expect(password.length).toBeGreaterThanOrEqual(8);
    await screenshot(page, "team-one-time-password");
    await dialog.getByTestId("one-time-password-done").click();
    await dialog.waitFor({ state: "hidden" });

    const newRow = rows.filter({ hasText: INVITED.email });
    await newRow.waitFor();
    await waitForCount(rows, membersBefore + 1);
    expect(await newRow.getByTestId("team-member-name").innerText()).toBe(INVITED.name);
    expect(await newRow.getByTestId("team-member-role").innerText()).toBe("Sales Manager");
    expect(await newRow.getByTestId("team-member-last-active").innerText()).toBe("Never");

    // Sign out, then in as the new user: the login screen remembers the e-mail last used in this browser, the administrator's.
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.getByRole("button", { name: "Sign In" }).waitFor();
    expect(await page.getByLabel("Email").inputValue()).toBe(running.crm.adminEmail);
    await page.getByRole("button", { name: "Use a different e-mail" }).click();
    await page.getByLabel("Email").fill(INVITED.email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
    // A one-time password lets them in only to choose their own.
    await page.getByTestId("choose-password-form").waitFor();
    await page.getByLabel(/^New password/).fill("rita's own passphrase");
    await page.getByLabel("Confirm new password").fill("rita's own passphrase");
    await page.getByRole("button", { name: "Save Password" }).click();
    await waitForText(page.getByTestId("sidebar-user-name"), INVITED.name);
    await waitForText(page.getByTestId("sidebar-user-role"), "Sales Manager");
    expect(new URL(page.url()).pathname).toBe("/accounts");
    await screenshot(page, "team-signed-in-as-invited");

    // As a Sales user: the team is shown, but nobody can be invited or changed.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
    const salesCard = page.getByTestId("team-card");
    const salesRows = salesCard.getByTestId("team-member-row");
    await salesRows.filter({ hasText: running.crm.adminEmail }).waitFor();
    await waitForCount(salesRows, membersBefore + 1);
    expect(await salesRows.filter({ hasText: INVITED.email }).innerText()).toContain("You");
    expect(await salesCard.getByTestId("invite-user-button").count()).toBe(0);
    expect(await salesCard.getByTestId("team-member-actions-button").count()).toBe(0);
    expect(await salesCard.locator("thead th").allInnerTexts()).toEqual(["NAME", "E-MAIL", "ROLE", "LAST ACTIVE", "STATUS"]);
    // Their own last activity is now known.
    expect(await salesRows.filter({ hasText: INVITED.email }).getByTestId("team-member-last-active").innerText()).not.toBe("Never");
    // The task automation is shown to them read-only.
    await page.getByTestId("task-automation-admin-note").waitFor();
    expect(await page.getByTestId("automation-new-contact-switch").isDisabled()).toBe(true);
    expect(await page.getByTestId("task-automation-save").count()).toBe(0);
    await screenshot(page, "team-settings-as-sales");
    await page.close();
  });

  test("an admin turns 'New Contact Added' off and saves: it stays off after a reload, and a new contact makes no task", async () => {
    const page = await adminPageOn("/settings");
    const accounts = await api<{ id: number }[]>(page, "GET", "/api/accounts?limit=40");
    const accountId = itemAt(accounts, 7).id;
    const newContactTasks = async () =>
      (await api<ApiTask[]>(page, "GET", `/api/tasks?accountId=${accountId}&status=all&limit=200`)).filter((task) => task.source === "new-contact").length;

    // While on, adding a contact to an existing account makes a task.
    expect(await newContactTasks()).toBe(0);
    await api(page, "POST", "/api/contacts", { accountId, firstName: "Olive", lastName: "Onduty", email: "olive.onduty@example.com" });
    expect(await newContactTasks()).toBe(1);

    const rule = page.getByTestId("automation-new-contact");
    const toggle = page.getByTestId("automation-new-contact-switch");
    await rule.waitFor();
    expect(await toggle.getAttribute("aria-checked")).toBe("true");
    expect(await page.getByTestId("task-automation-save").isDisabled()).toBe(true);
    await toggle.click();
    await page.locator('[data-testid="automation-new-contact"][data-enabled="false"]').waitFor();
    expect(await toggle.getAttribute("aria-checked")).toBe("false");
    await page.getByTestId("task-automation-unsaved").waitFor();
    // The welcome rule is untouched.
    expect(await page.getByTestId("automation-welcome-switch").getAttribute("aria-checked")).toBe("true");
    await screenshot(page, "automation-new-contact-off-unsaved");

    const saved = await responseTo(page, "PUT", "/api/settings/task-automation", () => page.getByTestId("task-automation-save").click());
    expect(saved.status()).toBe(200);
    await expectToast(page, "Settings Updated", "Your settings have been saved successfully.");
    await page.getByTestId("task-automation-unsaved").waitFor({ state: "detached" });
    expect(await page.getByTestId("task-automation-save").isDisabled()).toBe(true);

    await page.reload();
    await page.locator('[data-testid="automation-new-contact"][data-enabled="false"]').waitFor();
    expect(await page.getByTestId("automation-new-contact-switch").getAttribute("aria-checked")).toBe("false");
    expect(await page.getByTestId("automation-welcome-switch").getAttribute("aria-checked")).toBe("true");
    await screenshot(page, "automation-new-contact-off-saved");

    // Off means off: another contact, no other task.
    await api(page, "POST", "/api/contacts", { accountId, firstName: "Paul", lastName: "Passby", email: "paul.passby@example.com" });
    expect(await newContactTasks()).toBe(1);
    await page.close();
  });
});

/** The Tasks board runs many screens long, so it is taken as the window shows it; other screens in full. */
function screenshot(page: Page, name: string): Promise<void> {
  return saveScreenshot(page, name, { fullPage: new URL(page.url()).pathname !== "/tasks" });
}

/** A call to the server with the page's session cookie; fails on any answer but a 2xx. */
async function api<T = unknown>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, text: await response.text() };
    },
    { method, url, body },
  );
  if (answer.status < 200 || answer.status >= 300) throw new Error(`${method} ${url} answered ${answer.status}: ${answer.text}`);
  return (answer.text ? JSON.parse(answer.text) : undefined) as T;
}

/** X-Total-Count of a GET /api/tasks with the page's session cookie: how many tasks match in all. */
async function totalOf(page: Page, url: string): Promise<number> {
  const total = await page.evaluate(async (url) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
    return response.headers.get("x-total-count");
  }, url);
  return Number(total);
}

async function colleagueOn(page: Page): Promise<{ id: number }> {
  const colleague = (await api<{ id: number; email: string }[]>(page, "GET", "/api/team")).find((member) => member.email === COLLEAGUE.email);
  if (!colleague) throw new Error(`${COLLEAGUE.email} is not on the team`);
  return colleague;
}

async function expectToast(page: Page, title: string, description: string): Promise<void> {
  const toast = page.getByTestId("toast").filter({ hasText: title });
  await toast.waitFor();
  expect(await toast.innerText()).toContain(description);
}

/** Runs the action and answers the response to the first request it makes with this method to a path starting with `pathStart`. */
async function responseTo(page: Page, method: string, pathStart: string, action: () => Promise<unknown>): Promise<Response> {
  const [response] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === method && new URL(response.url()).pathname.startsWith(pathStart)),
    action(),
  ]);
  return response;
}

type ColumnKey = "overdue" | "today" | "upcoming";

/** A column shows this many cards at first; Show more adds as many. */
const CARDS_PER_PAGE = 25;

/** Every column of the board has its first answer. */
async function waitForBoard(page: Page): Promise<void> {
  for (const key of ["overdue", "today", "upcoming"] as const) await page.locator(`[data-testid="task-column-${key}"][aria-busy="false"]`).waitFor();
}

function column(page: Page, key: ColumnKey): Locator {
  return page.getByTestId(`task-column-${key}`);
}

function taskCard(scope: Locator, title: string): Locator {
  return scope.getByTestId("task-card").filter({ has: scope.page().getByTestId("task-title").getByText(title, { exact: true }) });
}

/** The count in a column's header; the column shows that many cards, up to its first page. */
async function columnCount(page: Page, key: ColumnKey): Promise<number> {
  const count = Number((await column(page, key).getByTestId("task-column-count").innerText()).replace(/,/g, ""));
  expect(await column(page, key).getByTestId("task-card").count()).toBe(Math.min(count, CARDS_PER_PAGE));
  return count;
}

async function expectColumnCount(page: Page, key: ColumnKey, count: number): Promise<void> {
  await waitForText(column(page, key).getByTestId("task-column-count"), count.toLocaleString("en-US"));
  await waitForCount(column(page, key).getByTestId("task-card"), Math.min(count, CARDS_PER_PAGE));
}

/**
 * The sidebar's Tasks badge and the bell's count both show `count`: the signed-in user's open tasks that are
 * overdue or due today. Neither is shown at 0.
 */
async function expectAttentionCount(page: Page, count: number): Promise<void> {
  const badge = page.getByTestId("sidebar-tasks-badge");
  const bell = page.getByTestId("notification-count");
  if (count === 0) {
    await page.locator('[data-testid="notification-bell"][aria-label="Notifications"]').waitFor();
    await badge.waitFor({ state: "detached" });
    await bell.waitFor({ state: "detached" });
    return;
  }
  await waitForText(badge, String(count));
  await waitForText(bell, String(count));
  const tasksLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Tasks/ });
  expect(await tasksLink.getAttribute("title")).toBe(`Tasks: ${count} overdue or due today`);
}

function itemAt<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item ${index} in ${JSON.stringify(items)}`);
  return item;
}
