import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { animationsFinished, expectNoSidewaysScroll } from "./support/layout.ts";
import { screenshot } from "./support/browser.ts";
import { useCrmAndBrowser } from "./support/harness.ts";
import { signedInPageWithoutWelcome } from "./support/session.ts";
import { waitForCount } from "./support/wait.ts";
import { S3_STAND_IN_ACCESS_KEY_ID, S3_STAND_IN_SECRET_ACCESS_KEY, startS3StandIn } from "../src/testing/s3-stand-in.ts";

/**
 * Settings → Backups against the compiled binary, whose backups run on its backup thread: an administrator
 * backs up now, sees it listed, downloads it whole and deletes it, and changes the daily backup's schedule;
 * and sets up copies off the machine, to a local S3-compatible store that checks every request's signature.
 */
describe("Settings → Backups", () => {
  let storage: ReturnType<typeof startS3StandIn>;
  beforeAll(() => {
    storage = startS3StandIn("acme-crm-backups");
  });
  afterAll(() => storage?.stop());
  const running = useCrmAndBrowser();

  /** Settings, once the daily backup a first start takes is listed, so that what the card lists is known. */
  async function backupsCard(): Promise<Page> {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm);
    await page.waitForFunction(async () => {
      const listed = (await fetch("/api/admin/backups").then((response) => response.json())) as { backups: { kind: string }[] };
      return listed.backups.some((backup) => backup.kind === "scheduled");
    });
    await page.getByRole("navigation").getByRole("link", { name: "Settings" }).click();
    await page.getByTestId("backups-card").waitFor();
    return page;
  }

  test("an admin backs up now, sees it listed, downloads it whole and deletes it", async () => {
    const page = await backupsCard();
    const rows = page.getByTestId("backup-row");
    await waitForCount(rows, 1);
    expect(await rows.first().getAttribute("data-kind")).toBe("scheduled");
    expect(await page.getByTestId("last-backup").innerText()).toMatch(/^Last backup: \d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d\d [AP]M$/);
    expect(await page.getByTestId("last-backup").getAttribute("data-warning")).toBe("false");

    await page.getByTestId("backup-now").click();
    const toast = page.getByTestId("toast").filter({ hasText: "Backup taken" });
    await toast.waitFor();
    await waitForCount(rows, 2);
    const manual = rows.first();
    expect(await manual.getAttribute("data-kind")).toBe("manual");
    const name = (await manual.getAttribute("data-name"))!;
    expect(await toast.innerText()).toContain(name);
    expect(await manual.innerText()).toContain("Manual");
    expect(await rows.nth(1).innerText()).toContain("Daily");

    const [download] = await Promise.all([page.waitForEvent("download"), manual.getByTestId("backup-download").click()]);
    expect(download.suggestedFilename()).toBe(name);
    const saved = path.join(path.dirname(running.crm.dataDir), "downloaded.db.gz");
    await download.saveAs(saved);
    const copy = Database.deserialize(gunzipSync(readFileSync(saved)));
    expect(copy.query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
    const manifest = JSON.parse((copy.query("SELECT manifest FROM backup_manifest").get() as { manifest: string }).manifest);
    expect(manifest.takenBy.name).toBeString();
    expect(manifest.counts.users).toBe(1);
    copy.close();

    await toast.getByRole("button", { name: "Close" }).click();
    await toast.waitFor({ state: "hidden" });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId("backups-card").scrollIntoViewIfNeeded();
    await screenshot(page, "settings-backups-1440");
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await screenshot(page, "settings-backups-390");
    // The card alone, at a size one can read: the whole page is four thousand pixels tall at this width.
    await screenshot(page.getByTestId("backups-card"), "settings-backups-card-390");
    await page.setViewportSize({ width: 1440, height: 900 });

    await manual.getByTestId("backup-delete").click();
    const dialog = page.getByTestId("delete-backup-dialog");
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(`${name} will be deleted from the server`);
    await animationsFinished(page);
    await dialog.getByRole("button", { name: "Delete" }).click();
    await dialog.waitFor({ state: "hidden" });
    await waitForCount(rows, 1);
    expect(await rows.first().getAttribute("data-kind")).toBe("scheduled");
    const listed = await page.evaluate(() => fetch("/api/admin/backups").then((response) => response.json()));
    expect(listed.backups.map((backup: { name: string }) => backup.name)).not.toContain(name);
  });

  test("an admin changes the daily backup's hour and how many are kept, and it stays so", async () => {
    const page = await backupsCard();
    const schedule = page.getByTestId("backup-schedule");
    expect(await page.getByTestId("backup-schedule-hour").inputValue()).toBe("2");
    await page.getByTestId("backup-schedule-hour").selectOption({ label: "11 PM" });
    await page.getByTestId("backup-schedule-keep").fill("30");
    await page.getByTestId("backup-schedule-switch").click();
    await schedule.getByTestId("backup-schedule-save").click();
    await page.getByTestId("toast").filter({ hasText: "Settings Updated" }).waitFor();
    await page.reload();
    await page.getByTestId("backup-schedule").waitFor();
    expect(await page.getByTestId("backup-schedule-hour").inputValue()).toBe("23");
    expect(await page.getByTestId("backup-schedule-keep").inputValue()).toBe("30");
    expect(await page.getByTestId("backup-schedule-switch").getAttribute("aria-checked")).toBe("false");
  });

  test("an admin sets up off-site copies: the secret never shown, Test Connection says Connected, and the next backup is copied", async () => {
    const page = await backupsCard();
    const card = page.getByTestId("backup-copies-card");
    await card.scrollIntoViewIfNeeded();
    expect(await page.getByTestId("backup-copies-status-badge").getAttribute("data-state")).toBe("not_configured");
    expect(await card.innerText()).toContain("Backups are kept on this machine only.");
    await page.getByTestId("backup-copies-endpoint").fill(storage.endpoint);
    await page.getByTestId("backup-copies-bucket").fill("acme-crm-backups");
    await page.getByTestId("backup-copies-prefix").fill("crm/");
    await page.getByTestId("backup-copies-accessKeyId").fill(S3_STAND_IN_ACCESS_KEY_ID);
    await page.getByTestId("backup-copies-secretAccessKey").fill(S3_STAND_IN_SECRET_ACCESS_KEY);
    await page.getByTestId("backup-copies-save").click();
    await page.getByTestId("toast").filter({ hasText: "Settings Updated" }).waitFor();
    expect(await page.getByTestId("backup-copies-secretAccessKey").inputValue()).toBe("");
    expect(await page.getByTestId("backup-copies-secretAccessKey").getAttribute("placeholder")).toBe("Saved; type a new one to replace it");
    expect(await page.content()).not.toContain(S3_STAND_IN_SECRET_ACCESS_KEY);

    await page.getByTestId("backup-copies-status-test").click();
    await page.getByTestId("toast").filter({ hasText: "Connection successful" }).waitFor();
    expect(await page.getByTestId("backup-copies-status-badge").getAttribute("data-state")).toBe("connected");

    await page.getByTestId("backup-now").click();
    const toast = page.getByTestId("toast").filter({ hasText: "Backup taken" });
    await toast.waitFor();
    const name = (await page.getByTestId("backup-row").first().getAttribute("data-name"))!;
    // The copy follows the answer; the card shows it once it is read again.
    await page.waitForFunction(async (copied) => {
      const settings = (await fetch("/api/settings/backup-copies").then((response) => response.json())) as { lastCopy: { name: string } | null };
      return settings.lastCopy?.name === copied;
    }, name);
    expect(storage.keys()).toContain(`crm/${name}`);
    await page.reload();
    await page.getByTestId("backup-copies-last-copy").waitFor();
    expect(await page.getByTestId("backup-copies-last-copy").innerText()).toContain(`Last copied`);
    expect(await page.getByTestId("backup-copies-last-copy").innerText()).toContain(name);

    await page.getByTestId("backup-copies-card").scrollIntoViewIfNeeded();
    await screenshot(page, "settings-backup-copies-1440");
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await screenshot(page.getByTestId("backup-copies-card"), "settings-backup-copies-card-390");
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
