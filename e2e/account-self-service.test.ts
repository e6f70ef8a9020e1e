import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { screenshot } from "./support/browser.ts";
import { runCrm } from "./support/crm-server.ts";
import { useCrmAndBrowser } from "./support/harness.ts";
import { fillLoginEmail, signedInPageWithoutWelcome } from "./support/session.ts";
import { waitForCount, waitForText } from "./support/wait.ts";

const PAT = { email: "pat@example.com", name: "Pat Seller", password: "pat's own passphrase", nextPassword: "pat's second passphrase" };

/**
 * Account self-service in dist/crm: a user given a one-time password can do nothing but choose their own, then
 * sees their sessions on 'My account', signs out the others, changes their password from the user menu, and an
 * administrator ends all their sessions from the team table. The tests run in order against one server.
 */
describe("choosing, changing a password and ending sessions", () => {
  const running = useCrmAndBrowser();

  /** What the page's own fetch of an API path answers, with the session the page has. */
  function statusOf(page: Page, path: string): Promise<{ status: number; message?: string }> {
    return page.evaluate(async (url) => {
      const response = await fetch(url);
      return { status: response.status, message: ((await response.json()) as { message?: string }).message };
    }, path);
  }

  async function signInOnLoginScreen(page: Page, email: string, password: string): Promise<void> {
    await page.goto(`${running.crm.url}/accounts`);
    await page.getByRole("button", { name: "Sign In" }).waitFor();
    await fillLoginEmail(page, email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
  }

  test("a one-time password opens only 'Choose your password'; a weak one is refused on its field; a good one opens the app", async () => {
    const added = await runCrm(running.crm, ["user", "add", "--email", PAT.email, "--name", PAT.name, "--role", "sales"]);
    const oneTimePassword = added.match(/Password: (\S+)/)![1]!;

    const page = await running.browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.setDefaultTimeout(15_000);
    await signInOnLoginScreen(page, PAT.email, oneTimePassword);
    const form = page.getByTestId("choose-password-form");
    await form.waitFor();
    expect(await page.getByTestId("sidebar-user-name").count()).toBe(0);
    // The one-time password just typed is the current one: it is not asked for again.
    expect(await page.getByLabel("One-time password").count()).toBe(0);
    expect(await statusOf(page, "/api/accounts")).toEqual({ status: 403, message: "Choose a new password first" });

    const newPassword = page.getByLabel(/^New password/);
    const confirmation = page.getByLabel("Confirm new password");
    const save = page.getByRole("button", { name: "Save Password" });
    await newPassword.fill("Qwertyuiop123");
    await confirmation.fill("Qwertyuiop12");
    await waitForText(form.getByTestId("field-error"), "The passwords do not match");
    expect(await save.isDisabled()).toBe(true);
    await confirmation.fill("Qwertyuiop123");
    await save.click();
    await waitForText(form.getByTestId("field-error"), "New password is one of the most common passwords: choose one that is harder to guess");
    await screenshot(page, "choose-password-refused");

    await newPassword.fill(PAT.password);
    await confirmation.fill(PAT.password);
    await save.click();
    // Both come with the same render: waited for together, so that a slow machine's wait for the one does not
    // outlast the toast's five seconds.
    await Promise.all([waitForText(page.getByTestId("sidebar-user-name"), PAT.name), page.getByTestId("toast").filter({ hasText: "Password Saved" }).waitFor()]);
    // Kept by the server, not the page: a reload opens the app.
    await page.reload();
    await page.getByTestId("sidebar-user-name").waitFor();
    expect((await statusOf(page, "/api/accounts")).status).toBe(200);
    await page.close();
  });

  test("after a reload the screen asks for the one-time password too", async () => {
    const reset = await runCrm(running.crm, ["user", "set-password", "--email", PAT.email]);
    const oneTimePassword = reset.match(/Password: (\S+)/)![1]!;
    const page = await running.browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.setDefaultTimeout(15_000);
    await signInOnLoginScreen(page, PAT.email, oneTimePassword);
    await page.getByTestId("choose-password-form").waitFor();
    await page.reload();
    await page.getByLabel("One-time password").fill(oneTimePassword);
    await page.getByLabel(/^New password/).fill(PAT.password);
    await page.getByLabel("Confirm new password").fill(PAT.password);
    await page.getByRole("button", { name: "Save Password" }).click();
    await waitForText(page.getByTestId("sidebar-user-name"), PAT.name);
    await page.close();
  });

  test("'My account' lists my sessions; 'Sign out other sessions' ends all but this one", async () => {
    const laptop = await signedInPageWithoutWelcome(running.browser, running.crm, PAT, { newSession: true });
    const phone = await signedInPageWithoutWelcome(running.browser, running.crm, PAT, { newSession: true });

    await laptop.getByTestId("user-menu-button").click();
    await laptop.getByTestId("my-account-item").click();
    await waitForText(laptop.getByTestId("screen-title"), "My Account");
    const rows = laptop.getByTestId("my-session-row");
    // Closing a page signs nobody out: the page of the test before is still signed in too.
    await waitForCount(rows, 3);
    const current = laptop.locator('[data-testid="my-session-row"][data-current="true"]');
    expect(await current.innerText()).toContain("This browser");
    expect(await current.innerText()).toContain("Chrome on Linux");
    await screenshot(laptop, "my-account-sessions");

    await laptop.getByTestId("end-other-sessions-button").click();
    await laptop.getByTestId("toast").filter({ hasText: "Every other session is signed out." }).waitFor();
    await waitForCount(rows, 1);
    expect((await statusOf(phone, "/api/auth/me")).status).toBe(401);
    await laptop.close();
    await phone.close();
  });

  test("'Change password' shows a wrong current password on its field, then changes it", async () => {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm, PAT);
    await page.getByTestId("user-menu-button").click();
    await page.getByTestId("change-password-item").click();
    const dialog = page.getByTestId("change-password-dialog");
    await dialog.getByLabel("Current password").fill("not my password");
    await dialog.getByLabel("New password").fill(PAT.nextPassword);
    await dialog.getByRole("button", { name: "Change Password" }).click();
    await waitForText(dialog.getByTestId("field-error"), "Current password is not your current password");
    await screenshot(page, "change-password-refused");

    await dialog.getByLabel("Current password").fill(PAT.password);
    await dialog.getByRole("button", { name: "Change Password" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByTestId("toast").filter({ hasText: "Password Changed" }).waitFor();
    expect((await statusOf(page, "/api/auth/me")).status).toBe(200);
    await page.close();
  });

  test("an administrator ends every session of a team member from the team table", async () => {
    const pat = await signedInPageWithoutWelcome(running.browser, running.crm, { email: PAT.email, password: PAT.nextPassword });
    const admin = await signedInPageWithoutWelcome(running.browser, running.crm);
    await admin.goto(`${running.crm.url}/settings`);
    const row = admin.getByTestId("team-member-row").filter({ hasText: PAT.email });
    await row.getByTestId("team-member-actions-button").click();
    await admin.getByTestId("team-end-sessions-item").click();
    const confirm = admin.getByTestId("end-sessions-dialog");
    await confirm.getByRole("button", { name: "End Sessions" }).click();
    await admin.getByTestId("toast").filter({ hasText: `${PAT.name} is signed out everywhere.` }).waitFor();

    // Pat's next request finds no session: the dashboard shows the login screen.
    await pat.goto(`${running.crm.url}/tasks`);
    await pat.getByRole("button", { name: "Sign In" }).waitFor();
    await admin.close();
    await pat.close();
  });
});
