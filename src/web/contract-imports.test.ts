import { expect, test } from "bun:test";
import { Glob } from "bun";
import path from "node:path";

const WEB = import.meta.dir;
const TYPEBOX_KIND = Symbol.for("TypeBox.Kind");
const CONTRACT_IMPORT = /(?:import|export)\s*\{([^}]*)\}\s*from\s*"((?:\.\.\/)+contracts\/[\w-]+\.ts)"/g;

/**
 * The dashboard's bundle gets the contracts with a schema builder that builds nothing (build.ts): it may
 * import their values and types, never a schema, which would be an empty object in the browser.
 */
test("the dashboard imports values and types from the contracts, never a schema", async () => {
  const schemasImported: string[] = [];
  for await (const file of new Glob("**/*.{ts,tsx}").scan(WEB)) {
    if (file.includes(".test.")) continue;
    const source = await Bun.file(path.join(WEB, file)).text();
    for (const [, names, specifier] of source.matchAll(CONTRACT_IMPORT)) {
      const contract = await import(path.resolve(WEB, path.dirname(file), specifier!));
      for (const name of names!.split(",").map((part) => part.trim()).filter((part) => part && !part.startsWith("type "))) {
        const imported = name.split(/\s+as\s+/)[0]!;
        if (isSchema(contract[imported])) schemasImported.push(`${file}: ${imported}`);
      }
    }
  }
  expect(schemasImported).toEqual([]);
});

function isSchema(value: unknown): boolean {
  return typeof value === "object" && value !== null && TYPEBOX_KIND in value;
}
