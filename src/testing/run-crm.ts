import path from "node:path";

const CLI_ENTRY = path.join(import.meta.dir, "../cli/main.ts");

/**
 * How long a test of the command line may take: each command is a process that loads the source afresh
 * (TypeBox among it, for the contracts' values), and a test runs up to ten of them, which on a busy
 * machine passes Bun's default five seconds.
 */
export const CLI_TEST_TIMEOUT_MS = 20_000;

export interface CrmRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Runs the real `crm` command line from source in a child process, as ops would from a terminal. */
export async function runCrm(args: string[], options: { env?: Record<string, string>; stdin?: string } = {}): Promise<CrmRun> {
  const child = Bun.spawn([process.execPath, CLI_ENTRY, ...args], {
    env: { ...process.env, ...options.env },
    stdin: options.stdin === undefined ? "ignore" : new Blob([options.stdin]),
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, exitCode] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { exitCode, stdout, stderr };
}
