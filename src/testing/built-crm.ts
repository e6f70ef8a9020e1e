import { statSync } from "node:fs";
import path from "node:path";

const ROOT = path.join(import.meta.dir, "../..");

/** The compiled command, dist/crm, that `bun run build.ts` makes: what ops run, and what tests and benchmarks run. */
export const CRM_BINARY = path.join(ROOT, "dist/crm");

/**
 * CRM_BINARY, once it is known to be built from the source as it stands: a test of a binary older than the
 * code it checks would pass or fail for the wrong reason. Tests and the test tooling are not in the binary,
 * so a change to them asks for no build. Checked once per process.
 */
export function builtCrm(): string {
  checked ??= staleness();
  if (checked !== "fresh") throw new Error(`${checked}: run \`bun run build.ts\` first (npm test does)`);
  return CRM_BINARY;
}

let checked: string | undefined;

function staleness(): string {
  const built = statSync(CRM_BINARY, { throwIfNoEntry: false });
  if (!built) return "dist/crm is missing";
  for (const pattern of BUILT_FROM) {
    for (const file of new Bun.Glob(pattern).scanSync({ cwd: ROOT })) {
      if (isTestOnly(file)) continue;
      if (statSync(path.join(ROOT, file)).mtimeMs > built.mtimeMs) return `dist/crm is older than ${file}`;
    }
  }
  return "fresh";
}

/** What the binary is built from: the code, the migrations, the build and its dependencies. */
const BUILT_FROM = ["src/**/*", "drizzle/**/*", "build.ts", "package.json", "package-lock.json"];

function isTestOnly(file: string): boolean {
  return file.endsWith(".test.ts") || file.startsWith(`src${path.sep}testing${path.sep}`);
}
