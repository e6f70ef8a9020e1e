import { describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { screenshot } from "./support/browser.ts";
import { useCrmAndBrowser } from "./support/harness.ts";
import { animationsFinished, expectNoSidewaysScroll, expectWithin } from "./support/layout.ts";
import { signedInPage, signedInPageWithoutWelcome } from "./support/session.ts";
import { waitForText } from "./support/wait.ts";

const SAMPLE = path.join(import.meta.dir, "../examples/orders-sample.csv");
const PHONE = { width: 390, height: 844 };

/** A HubSpot-like export: no ShipStation names, and its order date under a name nothing guesses. */
const HUBSPOT_HEADER = "Order #,Placed On,Email,Company,Contact Name,Phone Number,Total";

describe("importing an order export through the Upload Accounts dialog", () => {
  const running = useCrmAndBrowser();

  const writeFile = (name: string, text: string | Uint8Array) => {
    const filePath = path.join(running.crm.dataDir, "..", name);
    writeFileSync(filePath, text);
    return filePath;
  };

  async function openDialog(page: Page): Promise<Locator> {
    await page.getByTestId("accounts-toolbar").getByRole("button", { name: "Upload Accounts" }).click();
    const dialog = page.getByTestId("import-accounts-dialog");
    // The card's columns come with the import form's fields, a moment after the dialog.
    await dialog.getByTestId("csv-format-card").locator("dt").first().waitFor();
    return dialog;
  }

  async function pickFile(dialog: Locator, filePath: string): Promise<void> {
    await dialog.getByTestId("csv-file-input").setInputFiles(filePath);
  }

  const step = (dialog: Locator) => dialog.getByTestId("import-step").getAttribute("data-step");
  const chosenHeader = (dialog: Locator, column: string) => dialog.locator(`[data-testid=column-choice][data-column=${column}] select`).inputValue();

  test("a ShipStation export: its columns matched by their names, a dry-run preview, the import, and every skipped row to download", async () => {
    const page = await signedInPage(running.browser, running.crm);
    await page.getByTestId("accounts-empty").waitFor();
    const dialog = await openDialog(page);
    expect(await dialog.getByTestId("csv-format-card").innerText()).toContain("The date this order was placed");
    await screenshot(page, "import-upload-step");
    await pickFile(dialog, SAMPLE);

    await dialog.getByTestId("column-map").waitFor({ timeout: 30_000 });
    expect(await chosenHeader(dialog, "customerEmail")).toBe("Customer Email");
    expect(await chosenHeader(dialog, "orderDate")).toBe("Date - Order Date");
    expect(await chosenHeader(dialog, "shipToCompany")).toBe("Ship To - Company");
    await animationsFinished(page);
    await screenshot(page, "import-map-step");

    await dialog.getByRole("button", { name: "Preview import" }).click();
    await dialog.getByTestId("import-preview").waitFor({ timeout: 30_000 });
    const preview = await dialog.getByTestId("import-preview").innerText();
    expect(preview).toContain("Would import 100 orders for 40 accounts (40 new)");
    expect(preview).toContain("Nothing has been imported yet.");
    expect(await dialog.getByTestId("preview-accounts-created").innerText()).toContain("…and 35 more");
    expect(await dialog.getByTestId("import-errors").innerText()).toContain('Row 67: unreadable date "13/45/2025"');
    expect(await page.getByTestId("accounts-empty").isVisible()).toBe(true);
    await screenshot(page, "import-preview-step");

    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    const outcome = dialog.getByTestId("import-outcome");
    await outcome.waitFor({ timeout: 30_000 });
    expect(await outcome.getAttribute("data-outcome")).toBe("success");
    expect(await outcome.innerText()).toContain("Imported 100 orders for 40 accounts (40 new)");
    expect(await dialog.getByTestId("import-errors").innerText()).toContain('Row 67: unreadable date "13/45/2025"');
    const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByTestId("download-skipped-rows").click()]);
    expect(download.suggestedFilename()).toBe("skipped-rows.csv");
    const skipped = readFileSync((await download.path())!, "utf8").trimEnd().split("\n");
    expect(skipped[0]).toBe("file,line,reason,order_number,customer_email");
    expect(skipped.some((line) => line.startsWith("upload,67,"))).toBe(true);
    await screenshot(page, "import-complete");

    await dialog.getByRole("button", { name: "Close" }).last().click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByTestId("account-row").first().waitFor();
    expect(await page.getByTestId("accounts-range").innerText()).toBe("Showing 1 to 10 of 40 results");

    // Reopening the dialog starts again at the upload step.
    await openDialog(page);
    expect(await step(dialog)).toBe("upload");
    await page.close();
  });

  test("an upload that gives a known order to another customer says so, with both e-mails", async () => {
    const header = "Order - Number,Date - Order Date,Customer Email,Ship To - Company,Amount - Order Total,Market - Store Name";
    const page = await signedInPage(running.browser, running.crm);
    let dialog: Locator | undefined;
    for (const [name, email] of [["harbor.csv", "orders@harbor-clinic.com"], ["harbor-moved.csv", "billing@harbor-health.org"]] as const) {
      dialog = await openDialog(page);
      await pickFile(dialog, writeFile(name, `${header}\nSO-9001,11/02/2026 10:00 AM,${email},Harbor Clinic,120.00,Supply Direct Store\n`));
      await dialog.getByRole("button", { name: "Preview import" }).click();
      await dialog.getByTestId("import-preview").waitFor({ timeout: 30_000 });
      await dialog.getByRole("button", { name: "Import", exact: true }).click();
      await dialog.getByTestId("import-outcome").waitFor({ timeout: 30_000 });
      if (email.startsWith("billing")) break;
      await dialog.getByRole("button", { name: "Close" }).last().click();
      await dialog.waitFor({ state: "hidden" });
    }
    expect(await dialog!.getByTestId("import-outcome").innerText()).toContain("1 order moved to another customer");
    expect(await dialog!.getByTestId("import-customer-changes").innerText()).toContain("#SO-9001 (Supply Direct Store): orders@harbor-clinic.com → billing@harbor-health.org");
    await screenshot(page, "import-customer-moved");
    await page.close();
  });

  test("at 1440 px, a HubSpot-like export: synonyms guessed, the unguessed order date chosen, and the map remembered for the next file of that header", async () => {
    const page = await signedInPage(running.browser, running.crm);
    await page.setViewportSize({ width: 1440, height: 900 });
    const dialog = await openDialog(page);
    await pickFile(dialog, writeFile("hubspot-march.csv", `${HUBSPOT_HEADER}\nH-1,03/02/2026,ann@northwind-clinic.com,Northwind Clinic,Ann Lee,414-479-4233,120.50\n`));
    await dialog.getByTestId("column-map").waitFor({ timeout: 30_000 });
    expect(await chosenHeader(dialog, "customerEmail")).toBe("Email");
    expect(await chosenHeader(dialog, "shipToCompany")).toBe("Company");
    expect(await chosenHeader(dialog, "orderTotal")).toBe("Total");
    expect(await chosenHeader(dialog, "orderDate")).toBe("");
    const previewButton = dialog.getByRole("button", { name: "Preview import" });
    expect(await previewButton.isDisabled()).toBe(true);
    expect(await dialog.getByTestId("column-map-missing").innerText()).toBe("Choose the file's column for Order date: the import needs it.");
    await animationsFinished(page);
    await screenshot(page, "import-map-hubspot-1440");

    await dialog.locator("[data-testid=column-choice][data-column=orderDate] select").selectOption("Placed On");
    await previewButton.click();
    await dialog.getByTestId("import-preview").waitFor({ timeout: 30_000 });
    expect(await dialog.getByTestId("preview-accounts-created").innerText()).toContain("Northwind Clinic · ann@northwind-clinic.com");
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    await dialog.getByTestId("import-outcome").waitFor({ timeout: 30_000 });
    expect(await dialog.getByTestId("import-outcome").innerText()).toContain("Imported 1 order for 1 account (1 new)");
    await dialog.getByRole("button", { name: "Close" }).last().click();
    await dialog.waitFor({ state: "hidden" });

    await openDialog(page);
    await pickFile(dialog, writeFile("hubspot-april.csv", `${HUBSPOT_HEADER}\nH-2,04/02/2026,ann@northwind-clinic.com,Northwind Clinic,Ann Lee,,80\n`));
    await dialog.getByTestId("column-map").waitFor({ timeout: 30_000 });
    expect(await dialog.getByTestId("column-map").innerText()).toContain("This is the map last imported with for files with these columns.");
    expect(await chosenHeader(dialog, "orderDate")).toBe("Placed On");
    await dialog.getByRole("button", { name: "Preview import" }).click();
    await dialog.getByTestId("import-preview").waitFor({ timeout: 30_000 });
    expect(await dialog.getByTestId("preview-accounts-updated").innerText()).toContain("ann@northwind-clinic.com");
    await screenshot(page, "import-preview-hubspot-1440");
    await page.close();
  });

  test("at 1440 px, an export with the name in First Name and Last Name: both guessed among the first columns, and the primary contact named by them", async () => {
    const page = await signedInPage(running.browser, running.crm);
    await page.setViewportSize({ width: 1440, height: 900 });
    const dialog = await openDialog(page);
    await pickFile(dialog, writeFile("split-names.csv", `Email,Company,First Name,Last Name,Phone Number,Order Date,Order Total,Order Number\nnora@acme-labs.com,Acme Labs,Nora,Quinn,414.479.4233,11/02/2026,129.50,HS-1001\nkendra@northgate-rehab.org,,Kendra,Liu,,11/03/2026,96.40,\n`));
    await dialog.getByTestId("column-map").waitFor({ timeout: 30_000 });
    expect(await chosenHeader(dialog, "shipToFirstName")).toBe("First Name");
    expect(await chosenHeader(dialog, "shipToLastName")).toBe("Last Name");
    expect(await chosenHeader(dialog, "shipToName")).toBe("");
    // Among the first columns, not folded away; ShipStation has no such column, so none is named.
    expect(await dialog.locator("[data-testid=more-columns] [data-column=shipToFirstName]").count()).toBe(0);
    expect(await dialog.locator("[data-testid=column-choice][data-column=shipToFirstName]").innerText()).not.toContain("ShipStation:");
    await animationsFinished(page);
    await screenshot(page, "import-map-split-names-1440");

    await dialog.getByRole("button", { name: "Preview import" }).click();
    await dialog.getByTestId("import-preview").waitFor({ timeout: 30_000 });
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    await dialog.getByTestId("import-outcome").waitFor({ timeout: 30_000 });
    await dialog.getByRole("button", { name: "Close" }).last().click();
    await dialog.waitFor({ state: "hidden" });

    const found = await (await page.request.get(`${running.crm.url}/api/accounts?q=acme-labs.com`)).json();
    const account = await (await page.request.get(`${running.crm.url}/api/accounts/${found[0].id}`)).json();
    expect(account.contacts.map(({ firstName, lastName, isPrimary }: { firstName: string; lastName: string; isPrimary: boolean }) => ({ firstName, lastName, isPrimary }))).toEqual([
      { firstName: "Nora", lastName: "Quinn", isPrimary: true },
    ]);

    // A row without an order number: the account is named by the person, and its order has no number to show,
    // not the hash of the row that identifies it.
    const [kendra] = await (await page.request.get(`${running.crm.url}/api/accounts?q=northgate-rehab.org`)).json();
    expect(kendra.name).toBe("Kendra Liu");
    await page.goto(`${running.crm.url}/accounts/${kendra.id}`);
    const orderNumber = page.getByTestId("order-number");
    await waitForText(orderNumber, "No number");
    expect(await orderNumber.getAttribute("aria-label")).toBe("Open order without a number");
    await orderNumber.click();
    expect(await page.getByTestId("order-dialog").getByRole("heading").first().innerText()).toBe("Order without a number");
    await screenshot(page, "import-order-without-number-1440");
    await page.close();
  });

  test("at 390 px: a file over the limit names crm import-csv; the map, the preview and the outcome fit, and nothing covers Close", async () => {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm);
    await page.setViewportSize(PHONE);
    const dialog = await openDialog(page);
    const panel = page.locator("[data-testid=import-accounts-dialog]");

    await pickFile(dialog, writeFile("two-years.csv", new Uint8Array(5_600_000).fill(0x61)));
    expect(await dialog.getByTestId("upload-error").innerText()).toBe("This file is 5.3 MB; the upload limit is 5 MB. Import it on the server with: crm import-csv FILE");
    await animationsFinished(page);
    await dialog.getByTestId("upload-error").evaluate((error) => error.scrollIntoView({ block: "center" }));
    await screenshot(page, "import-too-large-390", { asScrolled: true });

    await pickFile(dialog, writeFile("hubspot-phone.csv", `Order #,Created Date,Email,Company,Contact Name,Phone Number,Total\nP-1,05/02/2026,cal@lakeside-labs.com,Lakeside Labs,Cal Ortiz,213.748.8406,99.00\n`));
    await dialog.getByTestId("column-map").waitFor({ timeout: 30_000 });
    expect(await chosenHeader(dialog, "orderDate")).toBe("Created Date");
    await expectNoSidewaysScroll(page);
    await expectWithin(dialog.locator("[data-testid=column-choice] select"), panel);
    await animationsFinished(page);
    await screenshot(page, "import-map-390", { fullPage: false });

    await dialog.getByRole("button", { name: "Preview import" }).click();
    await dialog.getByTestId("import-preview").waitFor({ timeout: 30_000 });
    await expectNoSidewaysScroll(page);
    await screenshot(page, "import-preview-390", { fullPage: false });

    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    await dialog.getByTestId("import-outcome").waitFor({ timeout: 30_000 });
    await expectNoSidewaysScroll(page);
    await animationsFinished(page);
    // Both Close buttons (× and the footer's) are on screen and are what a tap at their middle reaches.
    for (const close of await dialog.getByRole("button", { name: "Close" }).all()) {
      const box = (await close.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
      expect(await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest("button")?.getAttribute("aria-label") ?? document.elementFromPoint(x!, y!)?.closest("button")?.textContent, [box.x + box.width / 2, box.y + box.height / 2])).toBe("Close");
    }
    await screenshot(page, "import-complete-390", { fullPage: false });
    await dialog.getByRole("button", { name: "Close" }).last().click();
    await dialog.waitFor({ state: "hidden" });
    await page.close();
  });
});
