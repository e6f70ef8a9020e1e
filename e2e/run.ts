/**
 * Runs the end-to-end suite: Debian's Chromium driven by playwright-core against the compiled dist/crm,
 * files in parallel (src/testing/test-files-in-parallel.ts), each with its own dist/crm and Chromium; or
 * only the files named (`bun run e2e/run.ts e2e/lists.test.ts`).
 * Installs Chromium (and Dovecot, for the Emails tab's mail) with apt-get when missing and we are root;
 * otherwise says how to.
 */
import path from "node:path";
import { builtCrm } from "../src/testing/built-crm.ts";
import { DOVECOT_IMAPD, ensureDebianPackages } from "../src/testing/debian-packages.ts";
import { runTestFilesInParallel, testFilesAsked } from "../src/testing/test-files-in-parallel.ts";
import { CHROMIUM_PATH } from "./support/browser.ts";

const ROOT = path.join(import.meta.dir, "..");

// Dovecot too: the Emails tab's test reads its mail from a real IMAP server.
await ensureDebianPackages([{ name: "chromium", installs: CHROMIUM_PATH, purpose: "the end-to-end tests" }, DOVECOT_IMAPD]);
try {
  builtCrm();
} catch (error) {
  fail((error as Error).message);
}

const files = testFilesAsked(process.argv.slice(2), "e2e/*.test.ts", ROOT);
process.exit(await runTestFilesInParallel(files, { root: ROOT, bunTestArguments: ["--timeout", "120000"] }));

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
