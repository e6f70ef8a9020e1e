import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { PASSWORD_RESET_ANSWER_MESSAGE } from "../src/contracts/auth.ts";
import { setPasswordLinkIn, startSmtpCatcher, type SmtpCatcher } from "../src/testing/smtp-catcher.ts";
import { screenshot } from "./support/browser.ts";
import { useCrmAndBrowser } from "./support/harness.ts";
import { expectNoSidewaysScroll } from "./support/layout.ts";
import { fillLoginEmail, signedInPageWithoutWelcome } from "./support/session.ts";

describe("the mail a team expects, from dist/crm through a real SMTP server: 'Forgot password?' and invitations", () => {
  let smtp: SmtpCatcher;
  // Started before the CRM, which is given its address.
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
  });
  afterAll(() => smtp.stop());
  const running = useCrmAndBrowser(() => ({ CRM_MAIL_SMTP: smtp.url, CRM_MAIL_FROM: "Supply CRM <crm@example.com>" }));
  /** The administrator's password, which each reset changes. */
  let adminPassword: string;
  beforeAll(() => {
    adminPassword = running.crm.adminPassword;
  });

  /** From the sign-in screen: 'Forgot password?', the e-mail, and the link the e-mail brings. */
  async function askForLink(page: Page, width: number): Promise<string> {
    await page.goto(`${running.crm.url}/accounts`);
    await page.getByRole("button", { name: "Sign In" }).waitFor();
    await screenshot(page, `sign-in-forgot-password-${width}`);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL(/\/forgot-password$/);
    const form = page.getByTestId("forgot-password-form");
    await form.getByLabel("Email").fill(running.crm.adminEmail);
    await expectNoSidewaysScroll(page);
    await screenshot(page, `forgot-password-${width}`);
    await form.getByRole("button", { name: "Send Link" }).click();
    expect(await page.getByTestId("forgot-password-sent").innerText()).toBe(PASSWORD_RESET_ANSWER_MESSAGE);
    await screenshot(page, `forgot-password-sent-${width}`);
    const mail = await smtp.nextMail();
    expect(mail).toMatchObject({ from: "crm@example.com", to: [running.crm.adminEmail], subject: "Reset your Supply CRM password" });
    const link = setPasswordLinkIn(mail);
    // Without CRM_PUBLIC_URL the link is the address the server listens at, as `crm serve` printed it.
    expect(link).toStartWith(`${running.crm.url}/set-password#token=`);
    return link;
  }

  async function chooseNewPassword(page: Page, link: string, newPassword: string, width: number): Promise<void> {
    await page.goto(link);
    const form = page.getByTestId("set-password-form");
    await form.getByLabel(/^New password/).fill(newPassword);
    await form.getByLabel("Confirm new password").fill(newPassword);
    await expectNoSidewaysScroll(page);
    await screenshot(page, `set-password-${width}`);
    await form.getByRole("button", { name: "Save Password" }).click();
    await page.getByTestId("toast").filter({ hasText: "Sign in with your new password." }).waitFor();
    await page.getByRole("button", { name: "Sign In" }).waitFor();
    // The token leaves the address bar once used.
    expect(page.url()).toBe(`${running.crm.url}/`);
  }

  async function signIn(page: Page, password: string): Promise<void> {
    await fillLoginEmail(page, running.crm.adminEmail);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByText("Successfully logged in").waitFor();
  }

  test("at 1440 px: 'Forgot password?' → the e-mail's link → a new password, which signs in; the old one no longer does; the link works once", async () => {
    const page = await running.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const link = await askForLink(page, 1440);
    await chooseNewPassword(page, link, "a passphrase from the e-mail", 1440);

    const oldPassword = await fetch(`${running.crm.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: running.crm.adminEmail, password: adminPassword }),
    });
    expect(oldPassword.status).toBe(401);
    adminPassword = "a passphrase from the e-mail";
    await signIn(page, adminPassword);

    // A second use of the link is refused, and offers a new one.
    const again = await running.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await again.goto(link);
    const form = again.getByTestId("set-password-form");
    await form.getByLabel(/^New password/).fill("yet another passphrase");
    await form.getByLabel("Confirm new password").fill("yet another passphrase");
    await form.getByRole("button", { name: "Save Password" }).click();
    await form.getByText("This link has expired or was already used: ask for a new one").waitFor();
    expect(await form.getByRole("link", { name: "Ask for a new link" }).isVisible()).toBe(true);
    await screenshot(again, "set-password-used-link-1440");
    await again.close();
    await page.close();
  });

  test("at 390 px the same flow fits the phone's width", async () => {
    const page = await running.browser.newPage({ viewport: { width: 390, height: 844 } });
    const link = await askForLink(page, 390);
    await chooseNewPassword(page, link, "a phone-sized passphrase", 390);
    adminPassword = "a phone-sized passphrase";
    await signIn(page, adminPassword);
    await page.close();
  });

  test("an administrator's invitation is e-mailed: the dashboard says so and shows no password, and the link lets the newcomer choose one", async () => {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm, { email: running.crm.adminEmail, password: adminPassword });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
    const card = page.getByTestId("team-card");
    await card.getByTestId("invite-user-button").click();
    const modal = page.getByTestId("invite-user-modal");
    expect(await modal.getByText("They get an e-mail with a link to choose their password, then sign in with their e-mail.").isVisible()).toBe(true);
    await modal.getByTestId("invite-user-name").fill("Nora Newcomer");
    await modal.getByTestId("invite-user-email").fill("nora@example.com");
    await modal.getByTestId("invite-user-role-sales").check();
    await modal.getByTestId("invite-user-submit").click();
    await page.getByTestId("toast").filter({ hasText: "Invitation sent to nora@example.com." }).waitFor();
    expect(await page.getByTestId("one-time-password-dialog").count()).toBe(0);
    await screenshot(page, "team-invitation-sent-1440");

    const mail = await smtp.nextMail();
    expect(mail).toMatchObject({ to: ["nora@example.com"], subject: "You are invited to Supply CRM" });
    expect(mail.text).toContain(`Then sign in at ${running.crm.url}/ with this e-mail address, nora@example.com.`);
    const newcomer = await running.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await newcomer.goto(setPasswordLinkIn(mail));
    const form = newcomer.getByTestId("set-password-form");
    await form.getByLabel(/^New password/).fill("nora's own passphrase");
    await form.getByLabel("Confirm new password").fill("nora's own passphrase");
    await form.getByRole("button", { name: "Save Password" }).click();
    await newcomer.getByRole("button", { name: "Sign In" }).waitFor();
    await fillLoginEmail(newcomer, "nora@example.com");
    await newcomer.getByLabel("Password").fill("nora's own passphrase");
    await newcomer.getByRole("button", { name: "Sign In" }).click();
    // Straight into the CRM: no one-time password to replace.
    await newcomer.getByTestId("sidebar-user-name").waitFor();
    expect(await newcomer.getByTestId("sidebar-user-name").innerText()).toBe("Nora Newcomer");
    await newcomer.close();
    await page.close();
  });
});
