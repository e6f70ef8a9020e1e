import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { screenshot } from "./support/browser.ts";
import { useCrmAndBrowser } from "./support/harness.ts";

describe("signing in to the dashboard served by dist/crm", () => {
  const running = useCrmAndBrowser();

  async function openLogin(): Promise<Page> {
    const page = await running.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${running.crm.url}/accounts`);
    await page.getByRole("button", { name: "Sign In" }).waitFor();
    return page;
  }

  test("the API answers 401 JSON without a cookie", async () => {
    const response = await fetch(`${running.crm.url}/api/auth/me`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Not signed in" });
  });

  test("the compiled server refuses a bad query or path value with 400 naming it, as the tests of the source do", async () => {
    const login = await fetch(`${running.crm.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: running.crm.adminEmail, password: running.crm.adminPassword }),
    });
    const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
    for (const [path, field] of [["/api/accounts?limit=0", "limit"], ["/api/accounts?offset=-1", "offset"], ["/api/tasks?limit=-5", "limit"], ["/api/accounts/0", "id"]] as const) {
      const response = await fetch(`${running.crm.url}${path}`, { headers: { cookie } });
      expect({ path, status: response.status, body: await response.json() }).toEqual({ path, status: 400, body: { field, message: expect.stringMatching(new RegExp(`^${field} must be`)) } });
    }
  });

  test("a new browser's login form names nobody; a wrong password shows the error toast and stays on the login screen", async () => {
    const page = await openLogin();
    await expect(page.getByText("Admin Access Portal").isVisible()).resolves.toBe(true);
    const email = page.getByLabel("Email");
    expect(await email.inputValue()).toBe("");
    expect(await email.getAttribute("readonly")).toBeNull();
    expect(await page.getByRole("button", { name: "Use a different e-mail" }).count()).toBe(0);
    expect(await page.evaluate(async () => JSON.stringify(await (await fetch("/api/config")).json()))).not.toContain("@");

    await email.fill(running.crm.adminEmail);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    const toast = page.getByTestId("toast");
    await toast.waitFor();
    expect(await toast.innerText()).toContain("Error");
    expect(await toast.innerText()).toContain("Invalid email or password");
    await screenshot(page, "sign-in-error");
    expect(await page.getByRole("button", { name: "Sign In" }).isVisible()).toBe(true);
    await page.close();
  });

  test("the administrator's password signs in; the shell, the 404 page and sign-out work", async () => {
    const page = await openLogin();
    await page.getByLabel("Email").fill(running.crm.adminEmail);
    await screenshot(page, "login");
    await page.getByLabel("Password").fill(running.crm.adminPassword);
    await page.getByRole("button", { name: "Sign In" }).click();

    await page.getByText("Successfully logged in").waitFor();
    await page.waitForURL(/\/accounts$/);
    const sidebar = page.getByRole("navigation");
    for (const link of ["Accounts", "Lists", "Tasks", "Analytics", "Settings"]) {
      expect(await sidebar.getByRole("link", { name: link }).isVisible()).toBe(true);
    }
    expect(await page.getByText("CRM Dashboard").isVisible()).toBe(true);
    expect(await page.getByText("Administrator").first().isVisible()).toBe(true);
    expect(await page.getByText("Admin", { exact: true }).first().isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "Accounts" }).isVisible()).toBe(true);
    expect(await page.getByPlaceholder("Search accounts, contacts, orders...").isVisible()).toBe(true);
    await screenshot(page, "shell");

    await sidebar.getByRole("link", { name: "Analytics" }).click();
    await page.getByTestId("analytics-screen").waitFor();
    // A path no screen has shows the 404 page, inside the shell.
    await page.goto(`${running.crm.url}/reports`);
    await page.getByText("404 Page Not Found").waitFor();
    expect(await page.getByText("Did you forget to add the page to the router?").isVisible()).toBe(true);
    await screenshot(page, "not-found");

    // A reload keeps the session: the cookie, not page state, is what signs the user in.
    await page.goto(`${running.crm.url}/settings`);
    await page.getByRole("heading", { name: "Settings" }).waitFor();

    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.getByRole("button", { name: "Sign In" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("user"))).toBeNull();
    const me = await page.evaluate(async () => (await fetch("/api/auth/me")).status);
    expect(me).toBe(401);
    await page.close();
  });

  test("another staff member signs in and is labelled Sales Manager; the form then offers their e-mail, and 'Use a different e-mail' another", async () => {
    const added = await running.crm.run(["user", "add", "--email", "sam@example.com", "--name", "Sam Seller", "--role", "sales", "--password", "sam-password-1"]);
    expect(added.exitCode).toBe(0);
    const page = await openLogin();
    await page.getByLabel("Email").fill("sam@example.com");
    await page.getByLabel("Password").fill("sam-password-1");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByTestId("sidebar-user-name").waitFor();
    expect(await page.getByTestId("sidebar-user-name").innerText()).toBe("Sam Seller");
    expect(await page.getByTestId("sidebar-user-role").innerText()).toBe("Sales Manager");

    await page.getByRole("button", { name: /Sam Seller/ }).first().click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.getByRole("button", { name: "Sign In" }).waitFor();
    // The browser remembers the e-mail last used, read-only until another is asked for.
    const email = page.getByLabel("Email");
    expect(await email.inputValue()).toBe("sam@example.com");
    expect(await email.getAttribute("readonly")).not.toBeNull();
    await page.getByRole("button", { name: "Use a different e-mail" }).click();
    await email.fill(running.crm.adminEmail);
    await page.getByLabel("Password").fill(running.crm.adminPassword);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByTestId("sidebar-user-name").waitFor();
    expect(await page.getByTestId("sidebar-user-name").innerText()).toBe("Administrator");
    await page.close();
  });
});
