import { describe, expect, setDefaultTimeout, test } from "bun:test";
import packageJson from "../../package.json" with { type: "json" };
import { CLI_TEST_TIMEOUT_MS, runCrm } from "../testing/run-crm.ts";

setDefaultTimeout(CLI_TEST_TIMEOUT_MS);

describe("crm", () => {
  test("--version prints the version", async () => {
    const run = await runCrm(["--version"]);
    expect(run).toMatchObject({ exitCode: 0, stdout: `${packageJson.version}\n` });
  });

  test("help lists the commands", async () => {
    const run = await runCrm(["help"]);
    expect(run.exitCode).toBe(0);
    for (const command of ["serve", "migrate", "user"]) expect(run.stdout).toContain(command);
  });

  test("an unknown command or option is a usage error: exit 2, a message on stderr, no stack trace", async () => {
    for (const args of [["bogus"], ["migrate", "--nope"], ["serve", "--port", "http"]]) {
      const run = await runCrm(args);
      expect(run.exitCode).toBe(2);
      expect(run.stderr).not.toContain("    at ");
      expect(run.stderr.trim().length).toBeGreaterThan(0);
    }
  });
});
