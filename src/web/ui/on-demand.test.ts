import { expect, test } from "bun:test";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { SCREEN_CODE } from "../screen-code";
import { onDemand } from "./on-demand";

const WEB = path.resolve(import.meta.dir, "..");
/** Static imports and re-exports, not `import type` (which the build leaves out) nor `import()`, which is a chunk of its own. */
const STATIC_IMPORT = /^(?:import|export)\s+(?!type\s)(?:[^"';]*?\sfrom\s*)?"([^"]+)"/gm;

/**
 * What a fresh browser loads before it shows anything: the entry, and what it and each screen with code of
 * its own import statically. Headless UI (ui/headless-ui.ts) comes on demand (on-demand.ts), but for the
 * unmatched orders, opened by few, whose cards show its combobox.
 */
test("neither the first page nor a screen's own code imports Headless UI, but the unmatched orders'", async () => {
  const starts = ["main.tsx", ...Object.entries(SCREEN_CODE).filter(([screenPath]) => screenPath !== "/unmatched-orders").map(([, load]) => screenFileOf(load))];
  const importers: string[] = [];
  for (const start of starts) {
    for (const [file, imported] of await staticImportsFrom(path.join(WEB, start))) {
      if (imported === "@headlessui/react" || imported.endsWith("/headless-ui")) importers.push(`${path.relative(WEB, file)} (from ${start})`);
    }
  }
  expect(importers).toEqual([]);
});

test("a part's code is fetched once, and again after a failed fetch", async () => {
  let fetches = 0;
  let failNext = true;
  const part = onDemand(async () => {
    fetches++;
    if (failNext) {
      failNext = false;
      throw new Error("offline");
    }
    return "code";
  });
  expect(part.load()).rejects.toThrow("offline");
  await Promise.resolve();
  expect(part.loaded).toBeUndefined();
  expect(await part.load()).toBe("code");
  expect(await part.load()).toBe("code");
  expect(part.loaded).toBe("code");
  expect(fetches).toBe(2);
});

/** The screen's file, from its import in screen-code.ts: `() => import("./screens/Tasks").then(...)`. */
function screenFileOf(load: () => unknown): string {
  return `${load.toString().match(/import\("\.\/([^"]+)"\)/)![1]!}.tsx`;
}

/** Every module of the dashboard `start` reaches by static imports, with each specifier it imports. */
async function staticImportsFrom(start: string): Promise<[string, string][]> {
  const seen = new Set([start]);
  const pending = [start];
  const found: [string, string][] = [];
  while (pending.length > 0) {
    const file = pending.pop()!;
    for (const [, specifier] of (await Bun.file(file).text()).matchAll(STATIC_IMPORT)) {
      found.push([file, specifier!]);
      const resolved = specifier!.startsWith(".") ? resolveModule(path.resolve(path.dirname(file), specifier!)) : undefined;
      if (resolved === undefined || !resolved.startsWith(WEB) || seen.has(resolved)) continue;
      seen.add(resolved);
      pending.push(resolved);
    }
  }
  return found;
}

function resolveModule(base: string): string | undefined {
  return [base, `${base}.ts`, `${base}.tsx`].find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}
