import { beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { screenshot } from "./support/browser.ts";
import { runCrm, type RunningCrm } from "./support/crm-server.ts";
import { useCrmAndBrowser } from "./support/harness.ts";
import { signedInPageWithoutWelcome } from "./support/session.ts";
import { showAccountsAfter } from "./support/wait.ts";
import { canonicalPhone, displayPhone } from "../src/contracts/phones.ts";
import { useTemporaryDirectoryForAll } from "../src/testing/temporary-directory.ts";

const HEADER = "Order - Number,Date - Order Date,Customer Email,Ship To - Name,Ship To - Company,Ship To - Phone,Ship To - Address 1,Ship To - Postal Code,Amount - Order Total";

/** One account of the seed: who it is and its orders, as the CSV rows carry them. */
interface SeedAccount {
  name: string;
  email: string;
  contact: string;
  company: string;
  phone: string;
  street: string;
  postalCode: string;
  orders: { number: string; date: string; total: number }[];
}

const RIVERSIDE_LLC: SeedAccount = {
  name: "Riverside Recovery LLC",
  email: "front@riverside.org",
  contact: "Paula Reyes",
  company: "Riverside Recovery LLC",
  phone: "512-555-0101",
  street: "1200 Congress Avenue, Suite 300",
  postalCode: "78701",
  orders: [
    { number: "DUP-1001", date: "03/04/2025 10:15:00 AM", total: 100 },
    { number: "DUP-1002", date: "04/11/2025 2:30:00 PM", total: 150.5 },
    { number: "DUP-1003", date: "05/20/2025 9:05:00 AM", total: 49.5 },
  ],
};
const RIVERSIDE_INC: SeedAccount = {
  name: "Riverside Recovery, Inc.",
  email: "billing@riverside.org",
  contact: "Tom Becker",
  company: "Riverside Recovery, Inc.",
  phone: "512-555-0199",
  street: "88 Lavaca Street",
  postalCode: "78701",
  orders: [
    { number: "DUP-2001", date: "02/14/2025 11:00:00 AM", total: 75.25 },
    { number: "DUP-2002", date: "06/02/2025 4:45:00 PM", total: 24.75 },
  ],
};
const SUMMIT: SeedAccount = {
  name: "Summit Occupational Health",
  email: "orders@summitoh.com",
  contact: "Grace Lindqvist",
  company: "Summit Occupational Health",
  phone: "303-555-0142",
  street: "4400 Wadsworth Boulevard, Suite 120",
  postalCode: "80033",
  orders: [{ number: "DUP-3001", date: "01/09/2025 8:20:00 AM", total: 212.4 }],
};
const SUMIT: SeedAccount = {
  name: "Sumit Occupational Health",
  email: "purchasing@sumit-health.net",
  contact: "Owen Park",
  company: "Sumit Occupational Health",
  phone: "720-555-0177",
  street: "4400 WADSWORTH BLVD STE 120",
  postalCode: "80033-2211",
  orders: [
    { number: "DUP-4001", date: "02/03/2025 1:10:00 PM", total: 88 },
    { number: "DUP-4002", date: "03/17/2025 3:00:00 PM", total: 64 },
  ],
};
const HARBOR: SeedAccount = {
  name: "Harbor Point Labs",
  email: "ops@harborpointlabs.com",
  contact: "Nina Castillo",
  company: "Harbor Point Labs",
  phone: "619-555-0123",
  street: "3030 Rosecrans St",
  postalCode: "92110",
  orders: [{ number: "DUP-5001", date: "04/01/2025 12:00:00 PM", total: 310 }],
};
const KEYSTONE: SeedAccount = {
  name: "Keystone Staffing Group",
  email: "hr@keystonestaffing.com",
  contact: "Victor Hale",
  company: "Keystone Staffing Group",
  phone: "717-555-0188",
  street: "15 N 2nd Street",
  postalCode: "17101",
  orders: [{ number: "DUP-6001", date: "05/05/2025 10:40:00 AM", total: 129.99 }],
};
// Two buyers on free mail: the same domain, gmail.com, says nothing about being one business.
const GMAIL_DANA: SeedAccount = {
  name: "Dana Whitfield",
  email: "dana.whitfield@gmail.com",
  contact: "Dana Whitfield",
  company: "",
  phone: "404-555-0131",
  street: "742 Piedmont Ave NE",
  postalCode: "30308",
  orders: [{ number: "DUP-7001", date: "03/22/2025 6:15:00 PM", total: 39.95 }],
};
const GMAIL_MARCUS: SeedAccount = {
  name: "Marcus Oyelaran",
  email: "m.oyelaran@gmail.com",
  contact: "Marcus Oyelaran",
  company: "",
  phone: "206-555-0164",
  street: "1911 E Pike St",
  postalCode: "98122",
  orders: [{ number: "DUP-8001", date: "04/28/2025 7:50:00 PM", total: 59.9 }],
};
/** A seeded phone as the import stores it (E.164). */
const stored = (phone: string): string => canonicalPhone(phone)!;

const SEED = [RIVERSIDE_LLC, RIVERSIDE_INC, SUMMIT, SUMIT, HARBOR, KEYSTONE, GMAIL_DANA, GMAIL_MARCUS];
/** The accounts the evidence pairs: the same domain and name; one office's address, however written, and nearly the same name. */
const PAIRED = [RIVERSIDE_LLC, RIVERSIDE_INC, SUMMIT, SUMIT];

/** The order imported after the merge, to the e-mail of the account merged away. */
const LATE_ORDER = { number: "DUP-9001", date: "07/01/2025 9:30:00 AM", total: 55 };

interface ApiAccount {
  id: number;
  name: string;
  email: string | null;
  domain: string | null;
  phone: string | null;
  orderCount: number;
  totalOrderValue: number;
  listType: string;
  listPinned: boolean;
  ownerUserId: number | null;
  hasDuplicate: boolean;
}
interface ApiTeamMember {
  id: number;
  name: string;
  email: string;
}
interface ApiContact {
  id: number;
  email: string | null;
  phone: string | null;
  title: string | null;
}
interface ApiCandidate {
  account: { id: number; name: string };
  score: number;
  reasons: string[];
}

/**
 * Potential duplicates on a small import of look-alike accounts: the list's toggle and badges, the
 * account's banner, 'Not a duplicate', and a merge through the dialog whose e-mails keep leading to the
 * surviving account. The tests run in order against one server, each building on the one before.
 */
describe("potential duplicates: the toggle, the banner, dismissing and merging", () => {
  const running = useCrmAndBrowser();
  const csvDir = useTemporaryDirectoryForAll("crm-e2e-duplicates-");
  /** The toggle's count before 'Not a duplicate', for the next tests. */
  let countBeforeDismiss = 0;

  beforeAll(async () => {
    const seed = writeCsv("seed.csv", SEED.flatMap((account) => account.orders.map((order) => csvRow(account, order))));
    const result = await importCsv(running.crm, seed);
    expect(result.results.created).toBe(SEED.length);
  });

  function writeCsv(name: string, rows: string[]): string {
    const file = path.join(csvDir.path, name);
    writeFileSync(file, `${[HEADER, ...rows].join("\n")}\n`);
    return file;
  }

  /** A signed-in page on the accounts list, its first rows shown and the welcome toast closed. */
  async function accountsPage(): Promise<Page> {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm);
    await page.getByTestId("account-row").first().waitFor();
    return page;
  }

  test("the Potential Duplicates toggle counts the accounts with an open pair and lists only them, badged", async () => {
    const page = await accountsPage();
    const everyAccount = await accountsFromApi(page);
    expect(everyAccount).toHaveLength(SEED.length);
    await waitForText(page.getByTestId("accounts-range"), `Showing 1 to ${SEED.length} of ${SEED.length} results`);

    // What the server says, three ways: the summary, each account's own candidates, and the detection by the seed's design.
    const summary = await apiGet<{ count: number }>(page, "/api/duplicates/summary");
    const withCandidates: string[] = [];
    for (const account of everyAccount) {
      if ((await apiGet<ApiCandidate[]>(page, `/api/accounts/${account.id}/duplicates`)).length > 0) withCandidates.push(account.name);
    }
    expect(withCandidates.sort()).toEqual(PAIRED.map((account) => account.name).sort());
    expect(summary.count).toBe(withCandidates.length);

    const toggle = page.getByTestId("duplicates-toggle");
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");
    expect(await toggleCount(page)).toBe(summary.count);
    expect(await toggle.getByTestId("duplicates-count").innerText()).toContain(String(summary.count));
    // Off, every account is listed, and only the paired ones carry the badge.
    expect((await badgedNames(page)).sort()).toEqual(PAIRED.map((account) => account.name).sort());

    await showAccountsAfter(page, () => toggle.click());
    await page.locator('[data-testid="duplicates-toggle"][aria-pressed="true"]').waitFor();
    expect(new URL(page.url()).searchParams.get("showDuplicates")).toBe("true");
    await waitForText(page.getByTestId("accounts-range"), `Showing 1 to ${summary.count} of ${summary.count} results`);
    const rows = page.getByTestId("account-row");
    expect(await rows.count()).toBe(summary.count);
    const listed = await accountNames(page);
    expect([...listed].sort()).toEqual(PAIRED.map((account) => account.name).sort());
    for (let index = 0; index < summary.count; index++) {
      expect(await rows.nth(index).getByTestId("duplicate-account-badge").innerText()).toBe("Potential Duplicate");
    }
    for (const buyer of [GMAIL_DANA, GMAIL_MARCUS]) expect(listed).not.toContain(buyer.name);
    // The list the toggle shows is the server's too.
    const filtered = await accountsFromApi(page, "showDuplicates=true");
    expect(filtered.map((account) => account.name).sort()).toEqual([...listed].sort());
    expect(filtered.every((account) => account.hasDuplicate)).toBe(true);
    await screenshot(page, "duplicates-toggle-on");

    // Reload keeps the toggle on; turning it off shows every account again.
    await page.reload();
    await page.locator('[data-testid="duplicates-toggle"][aria-pressed="true"]').waitFor();
    await waitForText(page.getByTestId("accounts-range"), `Showing 1 to ${summary.count} of ${summary.count} results`);
    await showAccountsAfter(page, () => page.getByTestId("duplicates-toggle").click());
    await page.locator('[data-testid="duplicates-toggle"][aria-pressed="false"]').waitFor();
    await waitForText(page.getByTestId("accounts-range"), `Showing 1 to ${SEED.length} of ${SEED.length} results`);
    countBeforeDismiss = summary.count;
    await page.close();
  });

  test("Riverside's banner says 81% on the same domain and name; 'Not a duplicate' on Summit removes its banner and 2 from the count", async () => {
    const page = await accountsPage();
    const riverside = await openAccountNamed(page, RIVERSIDE_LLC.name);
    const inc = await accountNamed(page, RIVERSIDE_INC.name);
    const banner = page.getByTestId("duplicate-banner");
    await banner.waitFor();
    await waitForText(banner.getByRole("heading"), "Potential Duplicate Detected");
    await waitForText(banner.getByTestId("duplicate-banner-score"), "81% match");
    expect(await banner.getByTestId("duplicate-banner-reason").allInnerTexts()).toEqual(["Same domain riverside.org", "Same name"]);
    expect(await banner.getByTestId("duplicate-banner-link").innerText()).toBe(RIVERSIDE_INC.name);
    expect(await banner.getAttribute("data-other-account-id")).toBe(String(inc.id));
    expect(await banner.getByTestId("duplicate-banner-link").getAttribute("href")).toBe(`/accounts/${inc.id}`);
    expect(riverside.id).not.toBe(inc.id);
    await screenshot(page, "duplicates-banner-riverside");

    // The Summit pair: one office's address written two ways, and nearly the same name, on different domains.
    const summit = await openAccountNamed(page, SUMMIT.name);
    const sumit = await accountNamed(page, SUMIT.name);
    await banner.waitFor();
    expect(await banner.getByTestId("duplicate-banner-link").innerText()).toBe(SUMIT.name);
    const score = Number.parseInt(await banner.getByTestId("duplicate-banner-score").innerText(), 10);
    expect(score).toBeGreaterThanOrEqual(67);
    expect(score).toBeLessThan(100);
    const summitReasons = await banner.getByTestId("duplicate-banner-reason").allInnerTexts();
    expect(summitReasons[0]).toBe("Same address 4400 Wadsworth Blvd, 80033");
    expect(summitReasons[1]).toStartWith("Similar names");
    await screenshot(page, "duplicates-banner-summit");

    const dismissed = page.waitForResponse(
      (response) => response.request().method() === "POST" && new URL(response.url()).pathname === `/api/accounts/${summit.id}/duplicates/${sumit.id}/dismiss`,
    );
    await banner.getByTestId("duplicate-banner-dismiss").click();
    expect((await dismissed).status()).toBe(204);
    await banner.waitFor({ state: "detached" });
    await page.reload();
    await page.locator(`[data-testid="account-detail-screen"][data-account-id="${summit.id}"]`).waitFor();
    await page.getByTestId("recent-orders-card").waitFor();
    expect(await apiGet<ApiCandidate[]>(page, `/api/accounts/${summit.id}/duplicates`)).toEqual([]);
    expect(await banner.count()).toBe(0);
    await screenshot(page, "duplicates-summit-dismissed");
    // The pair is gone from both sides.
    expect(await apiGet<ApiCandidate[]>(page, `/api/accounts/${sumit.id}/duplicates`)).toEqual([]);

    await page.goto(`${running.crm.url}/accounts`);
    await page.getByTestId("account-row").first().waitFor();
    await page.getByTestId("duplicates-count").waitFor();
    expect(await toggleCount(page)).toBe(countBeforeDismiss - 2);
    expect((await apiGet<{ count: number }>(page, "/api/duplicates/summary")).count).toBe(countBeforeDismiss - 2);
    expect((await badgedNames(page)).sort()).toEqual([RIVERSIDE_INC.name, RIVERSIDE_LLC.name].sort());
    await page.close();
  });

  test("merging Riverside through the dialog keeps LLC with Inc's phone, list, owner and all orders, one contact per e-mail, and Inc's e-mail keeps leading to it", async () => {
    const page = await accountsPage();
    const accountsBefore = (await accountsFromApi(page)).length;
    const inc = await accountNamed(page, RIVERSIDE_INC.name);
    // Inc is pinned to Active and looked after by Sam; LLC, the busier, follows its orders and is the administrator's.
    const { user: sam } = await apiSend<{ user: ApiTeamMember }>(page, "POST", "/api/team", { name: "Sam Seller", email: "sam@example.com", role: "sales" });
    const admin = (await apiGet<ApiTeamMember[]>(page, "/api/team")).find((member) => member.email === running.crm.adminEmail)!;
    await apiSend(page, "PATCH", `/api/accounts/${inc.id}/list-type`, { listType: "active" });
    await apiSend(page, "PATCH", `/api/accounts/${inc.id}`, { ownerUserId: sam.id });
    await apiSend(page, "PATCH", `/api/accounts/${(await accountNamed(page, RIVERSIDE_LLC.name)).id}`, { ownerUserId: admin.id });
    // Tom Becker of Inc is also on LLC's books, under the same e-mail: the merge makes them one.
    const tomOnLlc = await apiSend<ApiContact>(page, "POST", "/api/contacts", {
      accountId: (await accountNamed(page, RIVERSIDE_LLC.name)).id,
      firstName: "Tom",
      lastName: "Becker",
      email: RIVERSIDE_INC.email.toUpperCase(),
      title: "Billing",
    });
    // Opened after the changes, so that the dialog starts from the account as it now is.
    const llc = await openAccountNamed(page, RIVERSIDE_LLC.name);
    const llcBefore = await apiGet<ApiAccount>(page, `/api/accounts/${llc.id}`);
    expect(llcBefore).toMatchObject({ listPinned: false, ownerUserId: admin.id });
    expect(llcBefore.orderCount).toBe(RIVERSIDE_LLC.orders.length);
    expect(inc.orderCount).toBe(RIVERSIDE_INC.orders.length);
    const combinedOrders = llcBefore.orderCount + inc.orderCount;
    const combinedValue = sumOf([...RIVERSIDE_LLC.orders, ...RIVERSIDE_INC.orders]);

    await page.getByTestId("duplicate-banner").getByTestId("duplicate-banner-merge").click();
    const dialog = page.getByTestId("merge-account-dialog");

    // Step 1: both accounts picked, the banner's candidate ticked for us.
    const pickStep = dialog.getByTestId("merge-step-accounts");
    await pickStep.waitFor();
    await dialog.getByTestId("merge-candidates-loading").waitFor({ state: "detached" });
    const llcOption = pickStep.locator(`[data-testid="merge-account-option"][data-account-id="${llc.id}"]`);
    const incOption = pickStep.locator(`[data-testid="merge-account-option"][data-account-id="${inc.id}"]`);
    expect(await llcOption.getByTestId("merge-account-checkbox").isChecked()).toBe(true);
    expect(await llcOption.getByTestId("merge-account-checkbox").isDisabled()).toBe(true);
    expect(await incOption.getByTestId("merge-account-checkbox").isChecked()).toBe(true);
    expect(await incOption.getByTestId("merge-candidate-score").innerText()).toBe("100% match");
    expect(await pickStep.locator('[data-testid="merge-account-checkbox"]:checked').count()).toBe(2);
    await dialogScreenshot(page, "duplicates-merge-step-accounts");
    await dialog.getByTestId("merge-next").click();

    // Step 2: LLC stays, and takes Inc's phone.
    const valuesStep = dialog.getByTestId("merge-step-values");
    await valuesStep.waitFor();
    const survivorRadio = valuesStep.locator(`[data-testid="merge-survivor-option"][data-account-id="${llc.id}"]`).getByTestId("merge-survivor-radio");
    await survivorRadio.check();
    expect(await survivorRadio.isChecked()).toBe(true);
    expect(await valuesStep.locator(`[data-testid="merge-survivor-option"][data-account-id="${inc.id}"]`).getByTestId("merge-survivor-radio").isChecked()).toBe(false);
    const nameChoice = valuesStep.getByTestId("merge-field-name").locator(`[data-testid="merge-field-option"][data-value="${RIVERSIDE_LLC.name}"]`);
    expect(await nameChoice.locator("input").isChecked()).toBe(true);
    const phoneField = valuesStep.getByTestId("merge-field-phone");
    expect(await phoneField.locator(`[data-testid="merge-field-option"][data-value="${stored(RIVERSIDE_LLC.phone)}"] input`).isChecked()).toBe(true);
    const incPhone = phoneField.locator(`[data-testid="merge-field-option"][data-value="${stored(RIVERSIDE_INC.phone)}"]`);
    await incPhone.click();
    expect(await incPhone.locator("input").isChecked()).toBe(true);
    expect(await phoneField.locator(`[data-testid="merge-field-option"][data-value="${stored(RIVERSIDE_LLC.phone)}"] input`).isChecked()).toBe(false);

    // The list and owner start as LLC's, the account with more orders; LLC then takes Inc's pinned list and its owner.
    const listOption = (choice: string) => valuesStep.getByTestId("merge-field-list").locator(`[data-testid="merge-field-option"][data-value="${choice}"]`);
    const ownerOption = (userId: number) => valuesStep.getByTestId("merge-field-owner").locator(`[data-testid="merge-field-option"][data-value="${userId}"]`);
    expect(await listOption("automatic").locator("input").isChecked()).toBe(true);
    expect(await listOption("automatic").innerText()).toContain("Automatic (by activity)");
    expect(await listOption("active").locator("input").isChecked()).toBe(false);
    expect(await listOption("active").innerText()).toContain("Active");
    // Owners are named once the team has loaded.
    await ownerOption(sam.id).filter({ hasText: "Sam Seller" }).waitFor();
    expect(await ownerOption(admin.id).locator("input").isChecked()).toBe(true);
    expect(await ownerOption(admin.id).innerText()).toContain(admin.name);
    await dialogScreenshot(page, "duplicates-merge-step-values");
    await listOption("active").click();
    await ownerOption(sam.id).click();
    expect(await listOption("active").locator("input").isChecked()).toBe(true);
    expect(await ownerOption(sam.id).locator("input").isChecked()).toBe(true);
    await valuesStep.getByTestId("merge-field-owner").scrollIntoViewIfNeeded();
    await dialogScreenshot(page, "duplicates-merge-step-values-list-owner");
    const desktop = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    await dialogScreenshot(page, "duplicates-merge-step-values-phone");
    await page.setViewportSize(desktop);

    const previewed = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/api/accounts/merge");
    await dialog.getByTestId("merge-next").click();
    const preview = await (await previewed).json();
    expect(preview.dryRun).toBe(true);

    // Step 3: the server's dry run.
    const reviewStep = dialog.getByTestId("merge-step-review");
    await reviewStep.getByTestId("merge-preview").waitFor();
    await waitForText(reviewStep.getByTestId("merge-preview-name"), RIVERSIDE_LLC.name);
    expect(await reviewStep.getByTestId("merge-preview-phone").innerText()).toContain(displayPhone(stored(RIVERSIDE_INC.phone)));
    expect(await reviewStep.getByTestId("merge-preview-email").innerText()).toContain(RIVERSIDE_LLC.email);
    expect(await reviewStep.getByTestId("merge-preview-orders").innerText()).toContain(`${combinedOrders} orders`);
    expect(await reviewStep.getByTestId("merge-preview-total").innerText()).toContain(dollars(combinedValue));
    expect(preview.account.orderCount).toBe(combinedOrders);
    expect(await reviewStep.getByTestId("merge-moves-orders").locator("dd").innerText()).toBe(String(inc.orderCount));
    expect(await reviewStep.getByTestId("merge-preview-removed").innerText()).toContain(RIVERSIDE_INC.name);
    expect(await reviewStep.getByTestId("merge-preview-removed").innerText()).not.toContain("..");
    expect(await reviewStep.getByTestId("merge-preview-aliases").innerText()).toContain(RIVERSIDE_INC.email);
    expect(await reviewStep.getByTestId("merge-preview-list").innerText()).toContain("Active");
    expect(await reviewStep.getByTestId("merge-preview-owner").innerText()).toContain("Sam Seller");
    expect(preview).toMatchObject({ account: { listType: "active", listPinned: true, ownerUserId: sam.id }, owner: { id: sam.id, name: "Sam Seller" }, contactsCombined: 1 });
    expect(await reviewStep.getByTestId("merge-contacts-combined").innerText()).toBe("Contacts with the same e-mail become one: 1 duplicate will be combined.");
    // Nothing has changed yet.
    expect((await apiGet<ApiAccount>(page, `/api/accounts/${inc.id}`)).id).toBe(inc.id);
    await dialogScreenshot(page, "duplicates-merge-step-review");

    await dialog.getByTestId("merge-confirm").click();
    const toast = page.getByTestId("toast").filter({ hasText: "Accounts merged" });
    await toast.waitFor();
    expect(await toast.innerText()).toContain(`${RIVERSIDE_INC.name} was merged into ${RIVERSIDE_LLC.name}`);
    await dialog.waitFor({ state: "hidden" });

    // The surviving account, with every order and the phone chosen.
    await page.locator(`[data-testid="account-detail-screen"][data-account-id="${llc.id}"]`).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/accounts/${llc.id}`);
    await waitForText(accountHeading(page), RIVERSIDE_LLC.name);
    await page.getByTestId("orders-totals").filter({ hasText: `${combinedOrders} orders` }).waitFor();
    expect(await page.getByTestId("orders-totals").innerText()).toBe(`${combinedOrders} orders · ${dollars(combinedValue)} total`);
    await page.getByTestId("orders-range").filter({ hasText: `of ${combinedOrders} orders` }).waitFor();
    await waitForText(page.getByTestId("account-phone-field-link"), displayPhone(stored(RIVERSIDE_INC.phone)));
    await page.getByTestId("duplicate-banner").waitFor({ state: "detached" });
    await screenshot(page, "duplicates-merged-account");

    const merged = await apiGet<ApiAccount & { contacts: ApiContact[] }>(page, `/api/accounts/${llc.id}`);
    expect(merged.orderCount).toBe(combinedOrders);
    expect(merged.phone).toBe(stored(RIVERSIDE_INC.phone));
    expect(merged).toMatchObject({ listType: "active", listPinned: true, ownerUserId: sam.id });
    // LLC's Tom Becker stays, with the phone Inc's had; Inc's is gone.
    expect(merged.contacts.filter((contact) => contact.email?.toLowerCase() === RIVERSIDE_INC.email)).toEqual([
      expect.objectContaining({ id: tomOnLlc.id, phone: stored(RIVERSIDE_INC.phone), title: "Billing" }),
    ]);
    expect(merged.hasDuplicate).toBe(false);
    expect((await apiGet<{ count: number }>(page, "/api/duplicates/summary")).count).toBe(0);

    // The account merged away is gone.
    expect(await apiStatus(page, `/api/accounts/${inc.id}`)).toBe(404);
    await page.goto(`${running.crm.url}/accounts/${inc.id}`);
    const notFound = page.getByTestId("account-not-found");
    await notFound.waitFor();
    await waitForText(notFound.getByRole("heading"), "Account not found");
    expect(await notFound.innerText()).toContain("The account you're looking for doesn't exist.");
    await screenshot(page, "duplicates-merged-away-not-found");

    await page.goto(`${running.crm.url}/accounts`);
    await page.getByTestId("account-row").first().waitFor();
    await waitForText(page.getByTestId("accounts-range"), `Showing 1 to ${accountsBefore - 1} of ${accountsBefore - 1} results`);
    expect(await accountNames(page)).not.toContain(RIVERSIDE_INC.name);
    expect(await toggleCount(page)).toBe(0);
    expect(await badgedNames(page)).toEqual([]);
    await screenshot(page, "duplicates-list-after-merge");

    // A later order to the merged-away e-mail lands on the surviving account, not on a new one.
    const late = writeCsv("late.csv", [csvRow(RIVERSIDE_INC, LATE_ORDER)]);
    const result = await importCsv(running.crm, late);
    expect(result.results.created).toBe(0);
    expect(result.results.ordersCreated).toBe(1);
    const accountsAfter = await accountsFromApi(page);
    expect(accountsAfter).toHaveLength(accountsBefore - 1);
    expect(accountsAfter.filter((account) => account.email === RIVERSIDE_INC.email || account.name === RIVERSIDE_INC.name)).toEqual([]);
    const survivor = await apiGet<ApiAccount>(page, `/api/accounts/${llc.id}`);
    expect(survivor.orderCount).toBe(combinedOrders + 1);
    expect(survivor.name).toBe(RIVERSIDE_LLC.name);
    expect(survivor.email).toBe(RIVERSIDE_LLC.email);
    expect(survivor.totalOrderValue).toBeCloseTo(combinedValue + LATE_ORDER.total, 2);
    const orders = await apiGet<{ orderNumber: string }[]>(page, `/api/accounts/${llc.id}/orders?limit=50`);
    expect(orders.map((order) => order.orderNumber)).toContain(LATE_ORDER.number);
    expect((await apiGet<{ count: number }>(page, "/api/duplicates/summary")).count).toBe(0);
    await page.close();
  });
});

/** The viewport only, for a modal: a full-page shot stretches the page but not the modal's fixed backdrop. */
function dialogScreenshot(page: Page, name: string): Promise<void> {
  return screenshot(page, name, { fullPage: false });
}

function csvRow(account: SeedAccount, order: { number: string; date: string; total: number }): string {
  return [order.number, order.date, account.email, account.contact, account.company, account.phone, account.street, account.postalCode, order.total.toFixed(2)]
    .map(csvField)
    .join(",");
}

function csvField(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

async function importCsv(crm: RunningCrm, file: string): Promise<{ results: { created: number; updated: number; ordersCreated: number; errors: string[] } }> {
  const stdout = await runCrm(crm, ["import-csv", file, "--json"]);
  const result = JSON.parse(stdout.trim().split("\n").at(-1) ?? "");
  expect(result.results.processed).toBeGreaterThan(0);
  expect(result.results.errors).toEqual([]);
  await backgroundDetectionDone(crm);
  return result;
}

/** The server looks for duplicates among imported accounts in the background, soon after the import. */
async function backgroundDetectionDone(crm: RunningCrm): Promise<void> {
  const db = new Database(path.join(crm.dataDir, "crm.db"), { readonly: true });
  try {
    const queued = () => (db.query("SELECT count(*) AS n FROM duplicate_queue").get() as { n: number }).n;
    for (let i = 0; i < 150 && queued() > 0; i++) await Bun.sleep(100);
    expect(queued()).toBe(0);
  } finally {
    db.close();
  }
}

/** A GET under the page's session; throws on anything but 200. */
async function apiGet<T>(page: Page, url: string): Promise<T> {
  const answer = await page.evaluate(async (path) => {
    const response = await fetch(path);
    return { status: response.status, body: await response.text() };
  }, url);
  if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}: ${answer.body}`);
  return JSON.parse(answer.body) as T;
}

/** A change under the page's session; throws on anything but a 2xx. */
async function apiSend<T = unknown>(page: Page, method: string, url: string, body: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      return { status: response.status, body: await response.text() };
    },
    { method, url, body },
  );
  if (answer.status < 200 || answer.status >= 300) throw new Error(`${method} ${url} answered ${answer.status}: ${answer.body}`);
  return JSON.parse(answer.body) as T;
}

function apiStatus(page: Page, url: string): Promise<number> {
  return page.evaluate(async (path) => (await fetch(path)).status, url);
}

async function accountsFromApi(page: Page, query = ""): Promise<ApiAccount[]> {
  return apiGet<ApiAccount[]>(page, `/api/accounts?limit=100${query ? `&${query}` : ""}`);
}

/** The account of that name, through the API. */
async function accountNamed(page: Page, name: string): Promise<ApiAccount> {
  const found = (await accountsFromApi(page)).filter((account) => account.name === name);
  if (found.length !== 1) throw new Error(`expected one account named ${name}, found ${found.length}`);
  return found[0]!;
}

/** Opens the account from the list by clicking its name and waits for its detail screen. */
async function openAccountNamed(page: Page, name: string): Promise<ApiAccount> {
  const account = await accountNamed(page, name);
  if (new URL(page.url()).pathname !== "/accounts") {
    await page.goto(`${new URL(page.url()).origin}/accounts`);
  }
  const row = page.locator(`[data-testid="account-row"][data-account-id="${account.id}"]`);
  await row.getByTestId("account-name").click();
  await page.locator(`[data-testid="account-detail-screen"][data-account-id="${account.id}"]`).waitFor();
  await waitForText(accountHeading(page), name);
  return account;
}

/** The toggle's badge count, once loaded. */
async function toggleCount(page: Page): Promise<number> {
  const badge = page.getByTestId("duplicates-toggle").getByTestId("duplicates-count");
  await badge.waitFor();
  return Number(await badge.getAttribute("data-count"));
}

/** The names of the rows on screen that carry the 'Potential Duplicate' badge. */
async function badgedNames(page: Page): Promise<string[]> {
  return page.getByTestId("account-row").filter({ has: page.getByTestId("duplicate-account-badge") }).getByTestId("account-name").allInnerTexts();
}

function accountNames(page: Page): Promise<string[]> {
  return page.getByTestId("account-row").getByTestId("account-name").allInnerTexts();
}


/** The account name in the breadcrumb of the detail screen. */
function accountHeading(page: Page): Locator {
  return page.getByTestId("account-breadcrumb").locator('[aria-current="page"]');
}

/** Waits until the element's text is exactly `text`. */
async function waitForText(locator: Locator, text: string): Promise<void> {
  await locator.filter({ hasText: text }).waitFor();
  expect((await locator.innerText()).trim()).toBe(text);
}

function sumOf(orders: readonly { total: number }[]): number {
  return Math.round(orders.reduce((sum, order) => sum + order.total * 100, 0)) / 100;
}

/** '$400.00' */
function dollars(amount: number): string {
  return `$${amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
