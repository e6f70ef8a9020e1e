import path from "node:path";

/**
 * Runs as a Bun macro: bundles the preview thread's entry point into one script, as text, when the code is
 * bundled or transpiled, as order-reader-script.ts does for the CSV reader: a compiled executable can only
 * start a worker from code it carries.
 */
export function previewScript(): string {
  const entry = path.join(import.meta.dir, "preview-worker.ts");
  // Bun.build cannot run inside a macro while the bundler waits on it, so the bun CLI bundles instead.
  const build = Bun.spawnSync([process.execPath, "build", entry, "--target=bun", "--minify-syntax", "--minify-whitespace"], { stdout: "pipe", stderr: "pipe" });
  if (!build.success) throw new Error(`Bundling the preview thread failed: ${build.stderr.toString()}`);
  return build.stdout.toString();
}
