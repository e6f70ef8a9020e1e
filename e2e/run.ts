/**
 * Runs the end-to-end suite: Debian's Chromium driven by playwright-core against the compiled dist/crm.
 * Installs Chromium with apt-get when it is missing and we are root; otherwise says how to.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { CHROMIUM_PATH } from "./support/browser.ts";

const ROOT = path.join(import.meta.dir, "..");

await ensureChromium();
if (!existsSync(path.join(ROOT, "dist/crm"))) fail("dist/crm is missing: run `bun run build.ts` first (npm test does).");

const tests = Bun.spawn([process.execPath, "test", "--timeout", "120000", "./e2e"], { cwd: ROOT, stdio: ["inherit", "inherit", "inherit"] });
process.exit(await tests.exited);

async function ensureChromium(): Promise<void> {
  if (existsSync(CHROMIUM_PATH)) return;
  if (process.getuid?.() !== 0) {
    fail(`Chromium is needed at ${CHROMIUM_PATH} for the end-to-end tests. Install it with: sudo apt-get install -y chromium`);
  }
  console.log("Installing Chromium for the end-to-end tests (apt-get install -y chromium)...");
  for (const command of [["apt-get", "update"], ["apt-get", "install", "-y", "chromium"]]) {
    const step = Bun.spawn(command, { stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if ((await step.exited) !== 0) fail(`\`${command.join(" ")}\` failed; install Chromium by hand and run the tests again.`);
  }
  if (!existsSync(CHROMIUM_PATH)) fail(`apt-get installed chromium but ${CHROMIUM_PATH} is still missing.`);
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
