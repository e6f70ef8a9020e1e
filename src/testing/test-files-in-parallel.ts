import { availableParallelism } from "node:os";
import path from "node:path";

/**
 * Runs test files in parallel, each in a `bun test` of its own, as the integration and end-to-end steps
 * of the test command do. Their tests spend much of their time waiting for what they started (a browser,
 * dist/crm, an import, an IMAP server), so one file at a time left a two-core machine a third idle or more.
 * On that machine two at once took the end-to-end suite from about 480 s to 380 s, while three or four at
 * once took 420 s, waiting for the cores: by default as many run at once as the machine has cores, at most
 * three; `TEST_WORKERS` says otherwise. Each file keeps everything of its own (data directory, ports,
 * processes), as when it ran alone. The largest files start first, so that none begun last keeps the
 * others waiting; each file's output is printed whole as it ends, then a count of all.
 */
export async function runTestFilesInParallel(files: readonly string[], options: { root: string; bunTestArguments?: readonly string[] }): Promise<number> {
  const workers = workerCount(process.env.TEST_WORKERS, files.length);
  const pending = [...files].sort((a, b) => Bun.file(path.join(options.root, b)).size - Bun.file(path.join(options.root, a)).size);
  const started = performance.now();
  const results: FileResult[] = [];
  console.log(`${files.length} test files, ${workers} at once`);
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let file = pending.shift(); file !== undefined; file = pending.shift()) results.push(await runFile(file, options.root, options.bunTestArguments ?? []));
    }),
  );
  const failed = results.filter((result) => result.exitCode !== 0);
  const count = (key: "passed" | "failed") => results.reduce((sum, result) => sum + result[key], 0);
  console.log(
    `\n${count("passed")} pass, ${count("failed")} fail across ${results.length} files in ${((performance.now() - started) / 1000).toFixed(1)} s` +
      (failed.length === 0 ? "" : `; failed: ${failed.map((result) => result.file).join(", ")}`),
  );
  return failed.length === 0 ? 0 : 1;
}

/**
 * The files a runner was asked for on its command line, each one the pattern matches (relative to the
 * root, as the pattern is); every file the pattern matches when none is named. Exits on a file it does not.
 */
export function testFilesAsked(asked: readonly string[], pattern: string, root: string): string[] {
  const all = [...new Bun.Glob(pattern).scanSync({ cwd: root })];
  if (asked.length === 0) return all;
  const matching = new Set(all);
  const files = asked.map((file) => path.relative(root, path.resolve(file)));
  const unknown = files.filter((file) => !matching.has(file));
  if (unknown.length > 0) {
    console.error(`Not a test file of ${pattern}: ${unknown.join(", ")}`);
    process.exit(2);
  }
  return files;
}

interface FileResult {
  file: string;
  exitCode: number;
  passed: number;
  failed: number;
}

/** One file in a `bun test` of its own; its output, both streams as they came, printed once it ends. */
async function runFile(file: string, root: string, bunTestArguments: readonly string[]): Promise<FileResult> {
  const started = performance.now();
  const test = Bun.spawn([process.execPath, "test", ...bunTestArguments, `./${file}`], { cwd: root, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  const output: string[] = [];
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) output.push(decoder.decode(chunk, { stream: true }));
  };
  await Promise.all([collect(test.stdout), collect(test.stderr)]);
  const exitCode = await test.exited;
  const text = output.join("");
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\n── ${file} (${seconds} s${exitCode === 0 ? "" : `, FAILED with exit code ${exitCode}`}) ──\n${text.trimEnd()}`);
  return { file, exitCode, passed: Number(/^\s*(\d+) pass$/m.exec(text)?.[1] ?? 0), failed: Number(/^\s*(\d+) fail$/m.exec(text)?.[1] ?? 0) };
}

function workerCount(asked: string | undefined, files: number): number {
  if (asked === undefined || asked === "") return Math.max(1, Math.min(availableParallelism(), MOST_WORKERS, files));
  const count = Number(asked);
  if (!Number.isInteger(count) || count < 1) {
    console.error(`TEST_WORKERS must be a whole number of 1 or more, not "${asked}"`);
    process.exit(2);
  }
  return count;
}

/** A bound on the processes, browsers and data directories at once, whatever the machine. */
const MOST_WORKERS = 3;
