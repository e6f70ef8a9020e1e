import { builtCrm } from "./built-crm.ts";

/**
 * How long a test of the command line may take: each command is a process of its own, and a test runs up
 * to ten of them, which on a machine busy with other tests passes Bun's default five seconds.
 */
export const CLI_TEST_TIMEOUT_MS = 20_000;

export interface CrmRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Runs the compiled `crm` command in a child process, as ops would from a terminal. */
export async function runCrm(args: string[], options: { env?: Record<string, string>; stdin?: string } = {}): Promise<CrmRun> {
  const child = Bun.spawn([builtCrm(), ...args], {
    env: { ...process.env, ...options.env },
    stdin: options.stdin === undefined ? "ignore" : new Blob([options.stdin]),
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, exitCode] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { exitCode, stdout, stderr };
}
