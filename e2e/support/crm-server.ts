import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Subprocess } from "bun";

import { builtCrm, CRM_BINARY } from "../../src/testing/built-crm.ts";

export { CRM_BINARY };

export interface RunningCrm {
  url: string;
  dataDir: string;
  adminEmail: string;
  /** The administrator's own password, chosen in place of the one-time password the first start printed. */
  adminPassword: string;
  /** What the server has printed so far, from its start: what ops people read in its log. */
  output(): string;
  /** Runs another `crm` command against the same data directory. */
  run(args: string[]): Promise<{ exitCode: number; stdout: string; stderr: string }>;
  stop(): Promise<void>;
}

/**
 * Starts the compiled binary on a free port with a fresh data directory, from a working directory
 * of its own so that nothing can come from the source tree, and reads the first-run credentials it prints.
 * The printed password is a one-time one: it is replaced at once, as the administrator would, so that the
 * tests sign in to the dashboard itself.
 * `extraEnv` adds environment variables (SHIPSTATION_API_URL, say) for the server and every `run`.
 */
export async function startCrm(extraEnv: Record<string, string> = {}): Promise<RunningCrm> {
  const workDir = mkdtempSync(path.join(tmpdir(), "crm-e2e-"));
  const dataDir = path.join(workDir, "data");
  const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: workDir, ...extraEnv };
  const child = Bun.spawn([builtCrm(), "serve", "--port", "0", "--data-dir", dataDir, "--admin-email", "owner@example.com"], {
    cwd: workDir,
    env,
    stdout: "pipe",
    stderr: "inherit",
  });
  const printed = keepReading(child);
  const banner = await printed.until(/password: (\S+)/);
  const url = banner.match(/running at (http:\/\/\S+?)\/?\n/)?.[1];
  const printedPassword = banner.match(/password: (\S+)/)?.[1];
  const adminEmail = banner.match(/e-mail: +(\S+)/)?.[1];
  if (!url || !printedPassword || !adminEmail) throw new Error(`unexpected output from crm serve:\n${banner}`);
  await replaceOneTimePassword(url, { email: adminEmail, password: printedPassword }, ADMIN_OWN_PASSWORD);

  return {
    url,
    dataDir,
    adminEmail,
    adminPassword: ADMIN_OWN_PASSWORD,
    output: () => printed.text,
    async run(args) {
      const command = Bun.spawn([CRM_BINARY, ...args, "--data-dir", dataDir], { cwd: workDir, env, stdout: "pipe", stderr: "pipe" });
      const [stdout, stderr, exitCode] = await Promise.all([new Response(command.stdout).text(), new Response(command.stderr).text(), command.exited]);
      return { exitCode, stdout, stderr };
    },
    async stop() {
      child.kill("SIGTERM");
      await child.exited;
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}

const ADMIN_OWN_PASSWORD = "owner's own passphrase";

/** Signs in with a one-time password, chooses `ownPassword` instead, and signs out. */
async function replaceOneTimePassword(url: string, oneTime: { email: string; password: string }, ownPassword: string): Promise<void> {
  const call = async (path: string, cookie: string, body?: unknown) => {
    const headers: Record<string, string> = body === undefined ? { cookie } : { cookie, "content-type": "application/json" };
    const response = await fetch(`${url}${path}`, { method: "POST", headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
    return response;
  };
  const login = await call("/api/auth/login", "", oneTime);
  const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
  await call("/api/auth/password", cookie, { currentPassword: oneTime.password, newPassword: ownPassword });
  await call("/api/auth/logout", cookie);
}

/** Runs a `crm` command the test cannot go on without, and returns its standard output; throws with all it printed when it fails. */
export async function runCrm(crm: RunningCrm, args: string[]): Promise<string> {
  const { exitCode, stdout, stderr } = await crm.run(args);
  if (exitCode !== 0) throw new Error(`crm ${args.join(" ")} failed (${exitCode}):\n${stdout}${stderr}`);
  return stdout;
}

/**
 * Reads all the server prints, for as long as it runs: its log is asserted on, and a pipe nobody reads
 * would stop a server that writes more than its buffer holds.
 */
function keepReading(child: Subprocess<"ignore", "pipe", "inherit">): { readonly text: string; until(pattern: RegExp): Promise<string> } {
  const decoder = new TextDecoder();
  const printed = { text: "", ended: false };
  const waiting = new Set<() => void>();
  void (async () => {
    for await (const chunk of child.stdout) {
      printed.text += decoder.decode(chunk, { stream: true });
      for (const wake of waiting) wake();
    }
    printed.ended = true;
    for (const wake of waiting) wake();
  })();
  return {
    get text() {
      return printed.text;
    },
    async until(pattern) {
      const deadline = Date.now() + 15_000;
      while (!pattern.test(printed.text)) {
        if (printed.ended) throw new Error(`crm serve exited early:\n${printed.text}`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`crm serve printed no credentials in time:\n${printed.text}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiting.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiting.add(wake);
        });
      }
      return printed.text;
    },
  };
}
