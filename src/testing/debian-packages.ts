import { existsSync } from "node:fs";

/**
 * What the tests need from Debian and cannot get from npm: Chromium for the end-to-end tests, Dovecot as
 * the real IMAP server the mail integration tests sync from. The test command installs a missing one with
 * apt-get when it runs as root (a container, CI); anyone else is told the command to run, and it stops.
 */
export interface DebianPackage {
  /** apt's name for it. */
  name: string;
  /** A file the package installs: present means installed. */
  installs: string;
  /** What the tests use it for, for the message. */
  purpose: string;
}

export const DOVECOT_IMAPD: DebianPackage = { name: "dovecot-imapd", installs: "/usr/lib/dovecot/imap", purpose: "the mail tests' IMAP server" };

export async function ensureDebianPackages(packages: readonly DebianPackage[]): Promise<void> {
  const missing = packages.filter((item) => !existsSync(item.installs));
  if (missing.length === 0) return;
  const names = missing.map((item) => item.name).join(" ");
  if (process.getuid?.() !== 0) {
    fail(`${missing.map((item) => `${item.installs} (for ${item.purpose})`).join(" and ")} missing. Install with: sudo apt-get install -y ${names}`);
  }
  console.log(`Installing ${names} for ${missing.map((item) => item.purpose).join(" and ")} (apt-get install -y ${names})...`);
  for (const command of [["apt-get", "update"], ["apt-get", "install", "-y", "--no-install-recommends", ...missing.map((item) => item.name)]]) {
    const step = Bun.spawn(command, { stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if ((await step.exited) !== 0) fail(`\`${command.join(" ")}\` failed; install ${names} by hand and run the tests again.`);
  }
  const stillMissing = missing.filter((item) => !existsSync(item.installs));
  if (stillMissing.length > 0) fail(`apt-get installed ${names} but ${stillMissing.map((item) => item.installs).join(", ")} is still missing.`);
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
