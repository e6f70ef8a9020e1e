import path from "node:path";

const CLI_ENTRY = path.join(import.meta.dir, "../cli/main.ts");

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
