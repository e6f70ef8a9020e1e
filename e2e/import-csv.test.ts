import { describe, expect, test } from "bun:test";
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
});
