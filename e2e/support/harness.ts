import { afterAll, beforeAll } from "bun:test";
import type { Browser } from "playwright-core";
import { launchBrowser } from "./browser.ts";
import { startCrm, type RunningCrm } from "./crm-server.ts";

export interface CrmAndBrowser {
  readonly crm: RunningCrm;
  readonly browser: Browser;
}

/**
 * Starts a CRM of its own and Chromium before the tests of the enclosing describe block, and stops both after them.
 * Hooks registered before this call run before the CRM starts, and `extraEnv` is read only then: a server the CRM
 * must know the address of can be started first. The fields can be read once the block's tests or later hooks run.
 */
export function useCrmAndBrowser(extraEnv: () => Record<string, string> = () => ({})): CrmAndBrowser {
  let crm: RunningCrm | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    crm = await startCrm(extraEnv());
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await crm?.stop();
  });
  return {
    get crm() {
      if (!crm) throw new Error("the CRM starts in beforeAll: read it from a test or a hook");
      return crm;
    },
    get browser() {
      if (!browser) throw new Error("the browser starts in beforeAll: read it from a test or a hook");
      return browser;
    },
  };
}
