import { expect, test } from "bun:test";
import { Glob } from "bun";
import path from "node:path";

/**
 * core is built in floors, each folder (or file at its root) on one: a file may import from its own floor
 * and those below, never from a floor above. A newcomer reads core from the ground up, and a change to a
 * lower floor cannot reach into the rules built on it. docs/architecture.md says what each floor holds.
 */
const FLOORS: readonly (readonly string[])[] = [
  // The kernel: the database and the values every domain shares.
  ["errors", "input-values", "unreadable-value", "money", "time", "csv", "database", "settings", "account-basics", "outgoing-mail"],
  // People, the timeline that names them, the change feed that names who changed what, and its audit trail.
  ["users", "auth", "team", "changes", "timeline", "audit"],
  // The records staff keep and the rules on them.
  ["accounts", "contacts", "notes", "tasks", "lists", "orders", "lifecycle", "recycle-bin"],
  // The flows across records: what comes in, what is counted and guessed, what a process does at its start.
  ["import", "shipstation", "duplicates", "analytics", "startup", "backups", "mail"],
];

const CORE = import.meta.dir;
const RELATIVE_IMPORT = /(?:import|export)\s[^"]*?from\s*"(\.[^"]+)"/g;

test("core's floors: no file imports from a floor above its own, and nothing outside core but the contracts", async () => {
  const upward: string[] = [];
  const unplaced = new Set<string>();
  // Below core stand only the contracts: never the server, the command line, the dashboard or the tools.
  const outside: string[] = [];
  for await (const file of new Glob("**/*.ts").scan(CORE)) {
    if (file.endsWith(".test.ts")) continue;
    const source = await Bun.file(path.join(CORE, file)).text();
    for (const [, specifier] of source.matchAll(RELATIVE_IMPORT)) {
      const target = path.relative(CORE, path.resolve(CORE, path.dirname(file), specifier!));
      if (target.startsWith("..")) {
        if (!target.startsWith("../contracts/")) outside.push(`${file} -> ${target}`);
        continue;
      }
      const [from, to] = [floorOf(file), floorOf(target)];
      if (from === undefined) unplaced.add(areaOf(file));
      if (to === undefined) unplaced.add(areaOf(target));
      if (from !== undefined && to !== undefined && to > from) upward.push(`${file} -> ${target}`);
    }
  }
  expect(outside).toEqual([]);
  expect([...unplaced]).toEqual([]);
  expect(upward.sort()).toEqual([]);
});

function areaOf(file: string): string {
  return file.includes("/") ? file.split("/")[0]! : file.replace(/\.ts$/, "");
}

function floorOf(file: string): number | undefined {
  const floor = FLOORS.findIndex((areas) => areas.includes(areaOf(file)));
  return floor === -1 ? undefined : floor;
}
