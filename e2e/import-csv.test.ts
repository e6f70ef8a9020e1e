import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { screenshot } from "./support/browser.ts";
import { useCrmAndBrowser } from "./support/harness.ts";
import { signedInPage } from "./support/session.ts";

const SAMPLE = path.join(import.meta.dir, "../examples/orders-sample.csv");

describe("importing a ShipStation export through the Upload Accounts dialog", () => {
  const running = useCrmAndBrowser();

  test("upload the sample, read the summary and the bad row, close, and see the accounts", async () => {
    const page = await signedInPage(running.browser, running.crm);
    await page.getByTestId("accounts-empty").waitFor();
    await screenshot(page, "accounts-empty");

    await page.getByTestId("accounts-toolbar").getByRole("button", { name: "Upload Accounts" }).click();
    const dialog = page.getByTestId("import-accounts-dialog");
    await dialog.getByText("CSV Order Format").waitFor();
    await screenshot(page, "import-upload-step");
    await dialog.getByTestId("csv-file-input").setInputFiles(SAMPLE);

    const outcome = dialog.getByTestId("import-outcome");
    await outcome.waitFor({ timeout: 30_000 });
    expect(await outcome.getAttribute("data-outcome")).toBe("success");
    expect(await outcome.innerText()).toContain("Imported 100 orders for 40 accounts (40 new)");
    const summary = await dialog.getByTestId("import-summary").innerText();
    expect(summary).toContain("200");
    expect(summary).toContain("40");
    expect(await dialog.getByTestId("import-errors").innerText()).toContain('Row 67: unreadable date "13/45/2025"');
    expect(await page.getByTestId("toast").innerText()).toContain("CSV Import Successful");
    await screenshot(page, "import-complete");

    await dialog.getByRole("button", { name: "Close" }).last().click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByTestId("account-row").first().waitFor();
    expect(await page.getByTestId("account-row").count()).toBe(10);
    expect(await page.getByTestId("accounts-range").innerText()).toBe("Showing 1 to 10 of 40 results");
    await screenshot(page, "accounts-after-import");

    // Reopening the dialog starts again at the upload step.
    await page.getByTestId("accounts-toolbar").getByRole("button", { name: "Upload Accounts" }).click();
    expect(await dialog.getByTestId("import-step").getAttribute("data-step")).toBe("upload");
    await page.close();
  });

  test("an upload that gives a known order to another customer says so, with both e-mails", async () => {
    const header = "Order - Number,Date - Order Date,Customer Email,Ship To - Company,Amount - Order Total,Market - Store Name";
    const file = (name: string, email: string) => {
      const filePath = path.join(running.crm.dataDir, "..", name);
      writeFileSync(filePath, `${header}\nSO-9001,11/02/2026 10:00 AM,${email},Harbor Clinic,120.00,Supply Direct Store\n`);
      return filePath;
    };
    const page = await signedInPage(running.browser, running.crm);
    const dialog = page.getByTestId("import-accounts-dialog");
    for (const [name, email] of [["harbor.csv", "orders@harbor-clinic.com"], ["harbor-moved.csv", "billing@harbor-health.org"]] as const) {
      await page.getByTestId("accounts-toolbar").getByRole("button", { name: "Upload Accounts" }).click();
      await dialog.getByTestId("csv-file-input").setInputFiles(file(name, email));
      await dialog.getByTestId("import-outcome").waitFor({ timeout: 30_000 });
      if (email.startsWith("billing")) break;
      await dialog.getByRole("button", { name: "Close" }).last().click();
      await dialog.waitFor({ state: "hidden" });
    }
    expect(await dialog.getByTestId("import-outcome").innerText()).toContain("1 order moved to another customer");
    expect(await dialog.getByTestId("import-customer-changes").innerText()).toContain("#SO-9001 (Supply Direct Store): orders@harbor-clinic.com → billing@harbor-health.org");
    await screenshot(page, "import-customer-moved");
    await page.close();
  });
});
