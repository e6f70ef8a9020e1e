import type { BunPlugin } from "bun";
import tailwind from "bun-plugin-tailwind";
import { rmSync } from "node:fs";
import path from "node:path";

/**
 * Compiles the whole product into one executable, dist/crm: the CLI, the server, the migrations
 * (read by a macro at bundle time) and the dashboard (HTML import, bundled with Tailwind).
 */
const OUTFILE = "dist/crm";

rmSync("dist", { recursive: true, force: true });
const started = performance.now();
const result = await Bun.build({
  entrypoints: ["./src/cli/main.ts"],
  compile: { outfile: OUTFILE },
  target: "bun",
  // The server's and the CLI's code parsed and compiled ahead, in the binary beside its source: every
  // command starts in about 0.13 s rather than 0.35 s, and `crm serve` listens in 0.3 s rather than 0.55.
  // ESM, as the dashboard's split chunks need (bytecode would otherwise default to CommonJS).
  bytecode: true,
  format: "esm",
  // Identifiers stay readable: Elysia reads its handlers' parameter names to decide what to parse per route.
  minify: true,
  sourcemap: "none",
  // The dashboard's dynamic imports (screens opened by few, with their charts: screen-routes.ts) become chunks
  // of their own, fetched when first opened, so that the page everybody loads first stays small. Without it
  // Bun inlines them into the page's one script.
  splitting: true,
  plugins: [tailwind, contractsWithoutSchemasInTheDashboard(), noVirtualComboboxesInTheDashboard()],
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
});

if (!result.success) {
  for (const log of result.logs) console.error(log);
  process.exit(1);
}
console.log(`Built ${OUTFILE} in ${Math.round(performance.now() - started)} ms`);

/**
 * The dashboard imports contracts for their values (enums, limits) and types, never to validate a request:
 * the server does that. In the dashboard's bundle, contracts (and the contracts they import) are loaded with
 * a schema builder that builds nothing (src/contracts/browser-stand-in.ts), which keeps Elysia's type system
 * (190 KB) out of it. The server's bundle, which never imports from src/web, keeps the real one.
 */
function contractsWithoutSchemasInTheDashboard(): BunPlugin {
  const web = path.resolve("src/web") + path.sep;
  const contracts = path.resolve("src/contracts") + path.sep;
  // The dashboard shares a few of core's plain modules (the business calendar, counts); the contracts they
  // import are the dashboard's too.
  const core = path.resolve("src/core") + path.sep;
  // Marks a module loaded for the dashboard, so that the contracts it imports are loaded for it too.
  const FOR_DASHBOARD = "?dashboard";
  return {
    name: "contracts-without-schemas-in-the-dashboard",
    setup(build) {
      build.onResolve({ filter: /\.ts$/ }, (args) => {
        const importerIsDashboard = args.importer.startsWith(web) || args.importer.endsWith(FOR_DASHBOARD);
        const resolved = path.resolve(path.dirname(args.importer), args.path);
        if (!importerIsDashboard || !(resolved.startsWith(contracts) || resolved.startsWith(core))) return undefined;
        const loaded = resolved.endsWith(`${path.sep}type-builder.ts`) ? path.join(contracts, "browser-stand-in.ts") : resolved;
        return { path: loaded + FOR_DASHBOARD, namespace: "dashboard-contract" };
      });
      build.onLoad({ filter: /.*/, namespace: "dashboard-contract" }, async (args) => ({
        contents: await Bun.file(args.path.slice(0, -FOR_DASHBOARD.length)).text(),
        loader: "ts",
      }));
    },
  };
}

/** Headless UI's Combobox without the virtualizer of its `virtual` option, which the dashboard never sets (src/web/virtual-lists-left-out.ts). */
function noVirtualComboboxesInTheDashboard(): BunPlugin {
  return {
    name: "no-virtual-comboboxes-in-the-dashboard",
    setup(build) {
      build.onResolve({ filter: /^@tanstack\/react-virtual$/ }, (args) =>
        args.importer.includes(`${path.sep}@headlessui${path.sep}`) ? { path: path.resolve("src/web/virtual-lists-left-out.ts") } : undefined,
      );
    },
  };
}
