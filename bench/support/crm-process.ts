import path from "node:path";

import { CRM_BINARY } from "../../src/testing/built-crm.ts";

export { CRM_BINARY };
const BENCH_PASSWORD = "benchmark-password-1";

/** dist/crm serving a data directory on a free port, signed in as its administrator. */
export async function startBenchServer(dataDir: string): Promise<{ url: string; cookie: string; pid: number; stop(): Promise<void> }> {
  const child = Bun.spawn([CRM_BINARY, "serve", "--port", "0", "--data-dir", dataDir], { stdout: "pipe", stderr: "inherit" });
  const url = await readServerUrl(child.stdout);
  await run([CRM_BINARY, "user", "set-password", "--email", "admin@localhost", "--password", BENCH_PASSWORD, "--data-dir", dataDir]);
  const login = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@localhost", password: BENCH_PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
  return {
    url,
    cookie,
    pid: child.pid,
    async stop() {
      child.kill("SIGTERM");
      await child.exited;
    },
  };
}

export async function run(command: string[]): Promise<string> {
  const child = Bun.spawn(command, { stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  if (code !== 0) throw new Error(`${command.join(" ")} exited ${code}: ${stderr}`);
  return stdout;
}

/** The address `crm serve` prints when it is ready. */
export async function readServerUrl(stdout: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stdout.getReader();
  let output = "";
  while (!/running at (http:\S+?)\/?\n/.test(output)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`crm serve exited:\n${output}`);
    output += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  return output.match(/running at (http:\S+?)\/?\n/)![1]!;
}

/**
 * A helper server from bench/support in a process of its own: `script` prints its URL first, then serves
 * until killed; `ask` writes a command line to its standard input and resolves with the line it answers.
 */
export async function startScriptServer(script: string, args: string[]): Promise<{ url: string; ask(command: string): Promise<string>; stop(): Promise<void> }> {
  const child = Bun.spawn([process.execPath, path.join(import.meta.dir, script), ...args], { stdin: "pipe", stdout: "pipe", stderr: "inherit" });
  const nextLine = lineReader(child.stdout, script);
  const url = (await nextLine()).trim().replace(/\/$/, "");
  return {
    url,
    async ask(command) {
      child.stdin.write(`${command}\n`);
      await child.stdin.flush();
      return nextLine();
    },
    async stop() {
      child.kill();
      await child.exited;
    },
  };
}

/** The lines a process prints, one per call, however its output is cut into chunks. */
function lineReader(stdout: ReadableStream<Uint8Array>, script: string): () => Promise<string> {
  const reader = stdout.getReader();
  const decoder = new TextDecoder();
  let output = "";
  return async () => {
    while (!output.includes("\n")) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`${script} exited`);
      output += decoder.decode(value, { stream: true });
    }
    const end = output.indexOf("\n");
    const line = output.slice(0, end);
    output = output.slice(end + 1);
    return line;
  };
}
