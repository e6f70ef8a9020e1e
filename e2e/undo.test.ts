import { beforeAll, describe, expect, test } from "bun:test";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { screenshot } from "./support/browser.ts";
import { runCrm } from "./support/crm-server.ts";
import { useCrmAndBrowser } from "./support/harness.ts";
import { signedInPageWithoutWelcome } from "./support/session.ts";

const SAMPLE = path.join(import.meta.dir, "../examples/orders-sample.csv");

interface ApiAccount {
  id: number;
  name: string;
  orderCount: number;
  totalOrderValue: number;
  firstOrderDate: string | null;
  lastOrderDate: string | null;
  listType: string;
  listPinned: boolean;
}

/**
 * Undo on the sample import (40 accounts): a merge and a bulk move undone from their toasts, and a note
 * deleted then restored, from its toast and from the recycle bin. The tests run in order on one server.
 */
describe("undo: merges, bulk moves and deletions come back", () => {
  const running = useCrmAndBrowser();

  beforeAll(async () => {
    await runCrm(running.crm, ["import-csv", SAMPLE]);
  });

  async function accountsPage(): Promise<Page> {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm);
    await page.getByTestId("account-row").first().waitFor();
    return page;
  }

  const row = (page: Page, index: number) => page.getByTestId("account-row").nth(index);
  const apiGet = <T,>(page: Page, url: string): Promise<T> => page.evaluate((url) => fetch(url).then((response) => response.json()), url);
  const firstTwoAccounts = async (page: Page) => {
    const ids = await page.getByTestId("account-row").evaluateAll((rows) => rows.slice(0, 2).map((row) => Number(row.getAttribute("data-account-id"))));
    return Promise.all(ids.map((id) => apiGet<ApiAccount>(page, `/api/accounts/${id}`)));
  };
  const figures = ({ id, name, orderCount, totalOrderValue, firstOrderDate, lastOrderDate, listType, listPinned }: ApiAccount) => ({
    id,
    name,
    orderCount,
    totalOrderValue,
    firstOrderDate,
    lastOrderDate,
    listType,
    listPinned,
  });

  /** Presses the toast's Undo and waits for the toast that says it was undone. */
  async function undoFromToast(page: Page, title: string): Promise<Locator> {
    const toast = page.getByTestId("toast").filter({ hasText: title });
    await toast.getByRole("button", { name: "Undo" }).click();
    const undone = page.getByTestId("toast").filter({ hasText: "Undone" });
    await undone.waitFor();
    return undone;
  }

  test("a merge is undone from its toast: both accounts are back with their orders and figures", async () => {
    const page = await accountsPage();
    const before = await firstTwoAccounts(page);
    await row(page, 0).getByTestId("account-select").check();
    await row(page, 1).getByTestId("account-select").check();
    await page.getByTestId("bulk-merge").click();
    const dialog = page.getByTestId("merge-account-dialog");
    await dialog.getByTestId("merge-candidates-loading").waitFor({ state: "detached" });
    await dialog.getByTestId("merge-next").click();
    await dialog.getByTestId("merge-step-values").waitFor();
    await dialog.getByTestId("merge-next").click();
    await dialog.getByTestId("merge-step-review").getByTestId("merge-preview").waitFor();
    await dialog.getByTestId("merge-confirm").click();
    const merged = page.getByTestId("toast").filter({ hasText: "Accounts merged" });
    await merged.getByRole("button", { name: "Undo" }).waitFor();
    await screenshot(page, "undo-merge-toast", { fullPage: false });

    const undone = await undoFromToast(page, "Accounts merged");
    expect(await undone.innerText()).toContain("is back, with");
    const after = await Promise.all(before.map((account) => apiGet<ApiAccount>(page, `/api/accounts/${account.id}`)));
    expect(after.map(figures)).toEqual(before.map(figures));
    await page.close();
  });

  test("a bulk move is undone from its toast: each account is back in its list", async () => {
    const page = await accountsPage();
    const before = await firstTwoAccounts(page);
    await row(page, 0).getByTestId("account-select").check();
    await row(page, 1).getByTestId("account-select").check();
    await page.getByTestId("bulk-bar").getByTestId("bulk-set-list").selectOption(before[0]!.listType === "legacy" ? "active" : "legacy");
    const confirm = page.getByTestId("bulk-confirm");
    if (await confirm.isVisible()) await confirm.getByRole("button", { name: /^Move/ }).click();
    await page.getByTestId("toast").filter({ hasText: "Accounts updated" }).getByRole("button", { name: "Undo" }).waitFor();
    const undone = await undoFromToast(page, "Accounts updated");
    expect(await undone.innerText()).toContain("back as");
    const after = await Promise.all(before.map((account) => apiGet<ApiAccount>(page, `/api/accounts/${account.id}`)));
    expect(after.map(figures)).toEqual(before.map(figures));
    await page.close();
  });

  test("a deleted contact and note come back from their toasts' Undo, and a note from the recycle bin", async () => {
    const page = await accountsPage();
    const [account] = await firstTwoAccounts(page);
    for (const content of ["Pays by check, net 30", "Ships to the loading dock at the back"]) {
      await page.evaluate(
        ({ id, content }) => fetch(`/api/accounts/${id}/notes`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ content }) }),
        { id: account!.id, content },
      );
    }
    await page.evaluate(
      (accountId) =>
        fetch("/api/contacts", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ accountId, firstName: "Jane", lastName: "Undo", email: "jane.undo@example.com" }) }),
      account!.id,
    );
    await page.goto(`${running.crm.url}/accounts/${account!.id}`);

    // A contact goes at once, without a question: its toast's Undo brings it back.
    const jane = page.getByTestId("contacts-card").getByTestId("contact-item").filter({ hasText: "jane.undo@example.com" });
    await jane.getByRole("button", { name: "Delete contact Jane Undo" }).click();
    await jane.waitFor({ state: "detached" });
    expect(await (await undoFromToast(page, "Jane Undo deleted")).innerText()).toContain("Contact Jane Undo restored");
    await jane.waitFor();

    await page.getByTestId("activity-tab-notes").click();
    const notes = page.getByTestId("notes-panel").getByTestId("note-item");
    await notes.nth(1).waitFor();

    const deleteNote = async (content: string) => {
      await notes.filter({ hasText: content }).getByTestId("note-delete-button").click();
      await page.getByTestId("delete-note-dialog").getByRole("button", { name: "Delete" }).click();
      await page.getByTestId("toast").filter({ hasText: "Note deleted" }).waitFor();
      await notes.filter({ hasText: content }).waitFor({ state: "detached" });
    };
    await deleteNote("Pays by check");
    const undone = await undoFromToast(page, "Note deleted");
    expect(await undone.innerText()).toContain("Note restored");
    await notes.filter({ hasText: "Pays by check" }).waitFor();

    // At phone width the toast with its Undo fits the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await deleteNote("Ships to the loading dock");
    const toast = page.getByTestId("toast").filter({ hasText: "Note deleted" });
    const toastBox = (await toast.boundingBox())!;
    expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(390);
    await screenshot(page, "undo-note-deleted-toast-390", { fullPage: false });
    await toast.getByRole("button", { name: "Close" }).click();

    await page.goto(`${running.crm.url}/settings`);
    const bin = page.getByTestId("recycle-bin-card");
    const entry = bin.getByTestId("recycle-bin-entry").filter({ hasText: "Ships to the loading dock" });
    await entry.waitFor();
    expect(await entry.innerText()).toContain(account!.name);
    await screenshot(bin, "undo-recycle-bin-390");
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(bin, "undo-recycle-bin-1440");
    await screenshot(page, "undo-settings-1440");
    await page.setViewportSize({ width: 390, height: 844 });
    // At phone width the Restore button is whole and within the screen.
    const restore = entry.getByRole("button", { name: "Restore" });
    const box = (await restore.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);

    await restore.click();
    await page.getByTestId("toast").filter({ hasText: "Restored" }).waitFor();
    await entry.waitFor({ state: "detached" });
    await bin.getByTestId("recycle-bin-empty").waitFor();
    await screenshot(page, "undo-recycle-bin-restored-390", { fullPage: false });
    const restored = await apiGet<{ content: string }[]>(page, `/api/accounts/${account!.id}/notes`);
    expect(restored.map((note) => note.content).sort()).toEqual(["Pays by check, net 30", "Ships to the loading dock at the back"]);
    await page.close();
  });

  test("the recycle bin shows twenty entries a page, with Previous and Next", async () => {
    const page = await accountsPage();
    const accountId = Number(await row(page, 0).getAttribute("data-account-id"));
    // 21 notes deleted, the last of them newest: the second page holds the oldest, "Deleted note 1".
    await page.evaluate(async (accountId) => {
      const send = (method: string, url: string, body?: unknown) =>
        fetch(url, { method, headers: body === undefined ? {} : { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) }).then((answer) => answer.json());
      for (let number = 1; number <= 21; number++) {
        const note = (await send("POST", `/api/accounts/${accountId}/notes`, { title: `Deleted note ${number}`, content: `Deleted note ${number}` })) as { id: number };
        await send("DELETE", `/api/notes/${note.id}`);
      }
    }, accountId);

    await page.goto(`${running.crm.url}/settings`);
    const bin = page.getByTestId("recycle-bin-card");
    const entries = bin.getByTestId("recycle-bin-entry");
    await entries.first().waitFor();
    expect(await entries.count()).toBe(20);
    expect(await bin.innerText()).toContain("1–20 of 21 entries");
    expect(await bin.getByRole("button", { name: "Previous" }).isDisabled()).toBe(true);
    await screenshot(bin, "undo-recycle-bin-paged-1440");

    // At phone width the pager's buttons are whole and within the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const next = (await bin.getByRole("button", { name: "Next" }).boundingBox())!;
    expect(next.x + next.width).toBeLessThanOrEqual(390);
    await bin.getByRole("button", { name: "Next" }).scrollIntoViewIfNeeded();
    await screenshot(bin, "undo-recycle-bin-paged-390");
    // While the second page is read, the first stays on screen and the pager still says where that one sits.
    let answerSecondPage!: () => void;
    const secondPageHeld = new Promise<void>((resolve) => (answerSecondPage = resolve));
    const secondPageUrl = "**/api/recycle-bin?limit=20&offset=20";
    await page.route(secondPageUrl, async (route) => {
      await secondPageHeld;
      await route.continue();
    });
    const secondPageAsked = page.waitForRequest((request) => request.url().endsWith("/api/recycle-bin?limit=20&offset=20"));
    await bin.getByRole("button", { name: "Next" }).click();
    await secondPageAsked;
    expect(await entries.count()).toBe(20);
    expect(await bin.innerText()).toContain("1–20 of 21 entries");
    expect(await bin.getByTestId("recycle-bin-entries").getAttribute("aria-busy")).toBe("true");
    answerSecondPage();
    await bin.getByText("21–21 of 21 entries").waitFor();
    await page.unroute(secondPageUrl);
    expect(await entries.count()).toBe(1);
    expect(await bin.getByTestId("recycle-bin-entries").getAttribute("aria-busy")).toBe("false");
    expect(await entries.first().innerText()).toContain("Deleted note 1");
    expect(await bin.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);

    await bin.getByRole("button", { name: "Previous" }).click();
    await bin.getByText("1–20 of 21 entries").waitFor();
    expect(await entries.count()).toBe(20);

    // Restoring the only entry of the last page steps back to the page before, not to "Nothing deleted".
    await bin.getByRole("button", { name: "Next" }).click();
    await bin.getByText("21–21 of 21 entries").waitFor();
    await entries.first().getByRole("button", { name: "Restore" }).click();
    await page.getByTestId("toast").filter({ hasText: "Restored" }).waitFor();
    await entries.nth(19).waitFor();
    expect(await entries.count()).toBe(20);
    expect(await bin.getByTestId("recycle-bin-empty").count()).toBe(0);
    await page.close();
  });
});
