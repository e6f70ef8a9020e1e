import path from "node:path";
import { DOVECOT_IMAPD, ensureDebianPackages } from "./debian-packages.ts";
import { runTestFilesInParallel, testFilesAsked } from "./test-files-in-parallel.ts";

/**
 * `npm run test:integration`: every `*.integration.test.ts` (the CLI and the server as processes, the real
 * IMAP server, imports stopped midway), files in parallel, once Dovecot is there for the mail tests; or
 * only the files named.
 */
const ROOT = path.join(import.meta.dir, "../..");

await ensureDebianPackages([DOVECOT_IMAPD]);
const files = testFilesAsked(process.argv.slice(2), "src/**/*.integration.test.ts", ROOT);
process.exit(await runTestFilesInParallel(files, { root: ROOT }));
