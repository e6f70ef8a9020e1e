import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import type { RunningCrm } from "./crm-server.ts";

interface User {
  email: string;
  password: string;
}
interface PageOptions {
  /** Accept a test server's own certificate (e2e/support/image-server.ts). */
  ignoreHTTPSErrors?: boolean;
  /** Sign in with the form for a session of this page's own, as a second device would. */
  newSession?: boolean;
}

/**
 * A new page signed in as the first administrator (or the given user), on the accounts screen. The first
 * page for a user signs in with the form; later ones start from the cookies and storage that sign-in left,
 * as a second tab of the same browser would, unless `newSession` asks for a session of its own or that
 * session has ended since (signed out, ended by an administrator). Signing in is tested in sign-in.test.ts;
 * each test signing in again with the form took a second or two of the suite's minutes.
 */
export async function signedInPage(browser: Browser, crm: RunningCrm, user?: User, options: PageOptions = {}): Promise<Page> {
  return (await openSignedIn(browser, crm, user, options)).page;
}

/** As signedInPage, with the welcome toast of a sign-in closed so that it covers nothing, and 15 seconds for any wait. */
export async function signedInPageWithoutWelcome(browser: Browser, crm: RunningCrm, user?: User, options: PageOptions = {}): Promise<Page> {
  const { page, signedInWithForm } = await openSignedIn(browser, crm, user, options);
  page.setDefaultTimeout(15_000);
  if (signedInWithForm) {
    const welcome = page.getByTestId("toast").filter({ hasText: "Welcome" });
    await welcome.getByRole("button", { name: "Close" }).click();
    await welcome.waitFor({ state: "hidden" });
  }
  return page;
}

/**
 * What the user's sign-in with the form left in the browser (cookies and storage), for a browser context of a
 * test's own that has not opened the dashboard yet.
 */
export async function signedInState(browser: Browser, crm: RunningCrm, user?: User): Promise<SignedInState> {
  await (await signedInPage(browser, crm, user)).close();
  return signedInStates.get(stateKey(crm, user))!;
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

type SignedInState = NonNullable<BrowserContextOptions["storageState"]>;
/** What each user's sign-in with the form left in the browser, by CRM, e-mail and password. */
const signedInStates = new Map<string, SignedInState>();

const adminOf = (crm: RunningCrm): User => ({ email: crm.adminEmail, password: crm.adminPassword });
const stateKey = (crm: RunningCrm, user: User = adminOf(crm)) => JSON.stringify([crm.url, user.email, user.password]);

async function openSignedIn(browser: Browser, crm: RunningCrm, user: User = adminOf(crm), options: PageOptions): Promise<{ page: Page; signedInWithForm: boolean }> {
  const pageOptions = { viewport: { width: 1366, height: 900 }, ignoreHTTPSErrors: options.ignoreHTTPSErrors ?? false };
  const key = stateKey(crm, user);
  const saved = options.newSession ? undefined : signedInStates.get(key);
  if (saved) {
    const page = await browser.newPage({ ...pageOptions, storageState: saved });
    await page.goto(`${crm.url}/accounts`);
    const signedIn = page.getByTestId("sidebar-user-name");
    await signedIn.or(page.getByRole("button", { name: "Sign In" })).first().waitFor();
    if (await signedIn.isVisible()) return { page, signedInWithForm: false };
    signedInStates.delete(key);
    await page.close();
  }
  const page = await browser.newPage(pageOptions);
  await page.goto(`${crm.url}/accounts`);
  await page.getByRole("button", { name: "Sign In" }).waitFor();
  if ((await page.getByLabel("Email").inputValue()) !== user.email) await fillLoginEmail(page, user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByTestId("sidebar-user-name").waitFor();
  if (!options.newSession) signedInStates.set(key, await page.context().storageState());
  return { page, signedInWithForm: true };
}
