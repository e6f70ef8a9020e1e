import tailwind from "bun-plugin-tailwind";
import { rmSync } from "node:fs";

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
  // Identifiers stay readable: Elysia reads its handlers' parameter names to decide what to parse per route.
  minify: true,
  sourcemap: "none",
  plugins: [tailwind],
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
});

if (!result.success) {
  for (const log of result.logs) console.error(log);
  process.exit(1);
}
console.log(`Built ${OUTFILE} in ${Math.round(performance.now() - started)} ms`);
