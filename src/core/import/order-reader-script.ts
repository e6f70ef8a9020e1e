import path from "node:path";

/**
 * Runs as a Bun macro: bundles the reader thread's entry point into one script, as text, when the code is
 * bundled or transpiled. A compiled executable can only start a worker from code it carries, and build.ts
 * bundles one entry point; inlined as a string, the reader travels inside the module that starts it.
 */
export function orderReaderScript(): string {
  const entry = path.join(import.meta.dir, "order-reader-worker.ts");
  // Bun.build cannot run inside a macro while the bundler waits on it, so the bun CLI bundles instead.
  const build = Bun.spawnSync([process.execPath, "build", entry, "--target=bun", "--minify-syntax", "--minify-whitespace"], { stdout: "pipe", stderr: "pipe" });
  if (!build.success) throw new Error(`Bundling the CSV reader thread failed: ${build.stderr.toString()}`);
  return build.stdout.toString();
}
