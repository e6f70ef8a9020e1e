import type { Browser, Page } from "playwright-core";
import type { RunningCrm } from "./crm-server.ts";

/**
 * A new page signed in as the first administrator (or the given user), on the accounts screen. With
 * `ignoreHTTPSErrors` it accepts a test server's own certificate (e2e/support/image-server.ts).
 */
export async function signedInPage(browser: Browser, crm: RunningCrm, user = { email: crm.adminEmail, password: crm.adminPassword }, options: { ignoreHTTPSErrors?: boolean } = {}): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 }, ignoreHTTPSErrors: options.ignoreHTTPSErrors ?? false });
  await page.goto(`${crm.url}/accounts`);
  await page.getByRole("button", { name: "Sign In" }).waitFor();
  if ((await page.getByLabel("Email").inputValue()) !== user.email) await fillLoginEmail(page, user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByTestId("sidebar-user-name").waitFor();
  return page;
}

/** As signedInPage, with the welcome toast closed so that it covers nothing, and 15 seconds for any wait. */
export async function signedInPageWithoutWelcome(browser: Browser, crm: RunningCrm, user?: { email: string; password: string }, options: { ignoreHTTPSErrors?: boolean } = {}): Promise<Page> {
  const page = await signedInPage(browser, crm, user, options);
  page.setDefaultTimeout(15_000);
  const welcome = page.getByTestId("toast").filter({ hasText: "Welcome" });
  await welcome.getByRole("button", { name: "Close" }).click();
  await welcome.waitFor({ state: "hidden" });
  return page;
}

/**
 * Types the e-mail into the login form on the screen: a browser that signed in before offers its last
 * e-mail read-only, which 'Use a different e-mail' unlocks; a new one shows the field empty.
 */
export async function fillLoginEmail(page: Page, email: string): Promise<void> {
  const unlock = page.getByRole("button", { name: "Use a different e-mail" });
  if (await unlock.isVisible()) await unlock.click();
  await page.getByLabel("Email").fill(email);
}
