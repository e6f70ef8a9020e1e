import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import type { Subprocess } from "bun";
import { ImapFlow } from "imapflow";
import { DOVECOT_IMAPD } from "./debian-packages.ts";

const DOVECOT = "/usr/sbin/dovecot";

/**
 * A real IMAP server for the mail tests: Debian's Dovecot, run in the foreground as an instance of its own
 * (its own configuration, sockets, state, log and Maildirs in a temporary directory, plain IMAP on a free
 * loopback port), never the system's service. Any user name signs in with the server's one password (a
 * static passdb) and gets a Maildir of its own at first login, so each test can read a mailbox of its own.
 *
 * As root, Dovecot refuses to run its login and internal processes as root: they run as Debian's
 * `dovenull` and `dovecot` users, and the mail as `dovecot` (the Maildirs are made its own). As anyone else,
 * everything runs as that user.
 */
export async function startImapServer(password = "mail-secret") {
  if (!existsSync(DOVECOT) || !existsSync(DOVECOT_IMAPD.installs)) {
    throw new Error(`Dovecot's IMAP server is missing (${DOVECOT_IMAPD.installs}): run \`npm run test:integration\`, which installs it as root, or \`sudo apt-get install -y ${DOVECOT_IMAPD.name}\``);
  }
  const root = mkdtempSync(path.join(tmpdir(), "crm-imap-"));
  // Dovecot's mail processes run as its own user when we are root, and must reach the Maildirs below.
  chmodSync(root, 0o755);
  const mailDir = path.join(root, "mail");
  mkdirSync(mailDir);
  const asRoot = process.getuid?.() === 0;
  const me = userInfo().username;
  const myGroup = Bun.spawnSync(["id", "-gn"]).stdout.toString().trim();
  if (asRoot) {
    const dovecot = Bun.spawnSync(["id", "-u", "dovecot"]).stdout.toString().trim();
    const group = Bun.spawnSync(["id", "-g", "dovecot"]).stdout.toString().trim();
    chownSync(mailDir, Number(dovecot), Number(group));
  }
  const port = await freeLoopbackPort();
  const configFile = path.join(root, "dovecot.conf");
  writeFileSync(
    configFile,
    `protocols = imap
listen = 127.0.0.1
instance_name = crm-test-${path.basename(root)}
base_dir = ${root}/run
state_dir = ${root}/state
log_path = ${root}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain
# A refused login answers at once rather than after Dovecot's two seconds.
auth_failure_delay = 0
default_login_user = ${asRoot ? "dovenull" : me}
default_internal_user = ${asRoot ? "dovecot" : me}
default_internal_group = ${asRoot ? "dovecot" : myGroup}
mail_uid = ${asRoot ? "dovecot" : me}
mail_gid = ${asRoot ? "dovecot" : myGroup}
first_valid_uid = 1
passdb {
  driver = static
  args = password=${password}
}
userdb {
  driver = static
  args = allow_all_users=yes
}
mail_location = maildir:${mailDir}/%u
# No chroot: a user other than root may not, and the instance has nothing to hide from itself.
service anvil {
  chroot =
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
`,
  );

  let dovecot: Subprocess | null = null;
  async function start(): Promise<void> {
    dovecot = Bun.spawn([DOVECOT, "-F", "-c", configFile], { stdio: ["ignore", "ignore", "pipe"] });
    await acceptsConnections(port, dovecot, path.join(root, "dovecot.log"));
  }
  /**
   * Kills the server at once, as a crash would, every process of it (found by parent id, never by name):
   * each open connection drops then and there. Dovecot's own shutdown lets a command in flight finish first.
   */
  async function stop(): Promise<void> {
    if (!dovecot) return;
    const running = dovecot;
    dovecot = null;
    // Stopped first, the master can start no process meanwhile: killed before it, a child was started again
    // (its log or anvil) after the list below was taken, and outlived it.
    process.kill(running.pid, "SIGSTOP");
    const processes = [running.pid, ...descendantsOf(running.pid)];
    for (const pid of processes) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Gone already.
      }
    }
    await running.exited;
    // Its other processes too: a new Dovecot refuses to start while the old anvil still answers on its socket.
    await Promise.all(processes.map(exitedProcess));
  }
  await start();

  /** A signed-in imapflow client to the test server, for putting mail in as a mail client would. */
  async function clientFor(user: string): Promise<ImapFlow> {
    const client = new ImapFlow({ host: "127.0.0.1", port, secure: false, auth: { user, pass: password }, logger: false });
    await client.connect();
    return client;
  }

  async function asUser<T>(user: string, work: (client: ImapFlow) => Promise<T>): Promise<T> {
    const client = await clientFor(user);
    try {
      return await work(client);
    } finally {
      await client.logout();
    }
  }

  return {
    host: "127.0.0.1",
    port,
    password,
    /** The IMAP URL of a user's mailbox, as CRM_MAIL_IMAP names one: `imap://user:password@127.0.0.1:port/INBOX`. */
    urlFor(user: string, folders = "INBOX"): string {
      return `imap://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/${folders}`;
    },
    /** Puts a raw message in a folder with IMAP APPEND, creating the folder when needed; answers its UID. */
    async append(user: string, raw: string, folder = "INBOX"): Promise<number> {
      return await asUser(user, async (client) => {
        if (folder !== "INBOX" && !(await client.list()).some((item) => item.path === folder)) await client.mailboxCreate(folder);
        const appended = await client.append(folder, raw);
        if (!appended || appended.uid === undefined) throw new Error(`The test IMAP server did not append to ${folder}`);
        return appended.uid;
      });
    },
    /**
     * Puts many messages in a user's INBOX at once, as a local delivery agent does: files in its Maildir's
     * `new/`, which Dovecot numbers when the folder is next opened. For volume (the benchmark); tests
     * use `append`, as a mail client would.
     */
    async deliver(user: string, raws: readonly string[]): Promise<void> {
      // Signing in once makes the user's Maildir.
      await asUser(user, async (client) => void (await client.status("INBOX", { messages: true })));
      const arrivals = path.join(mailDir, user, "new");
      raws.forEach((raw, index) => writeFileSync(path.join(arrivals, `${Date.now()}.M${index}P${process.pid}.crm-test`), raw, { mode: 0o644 }));
    },
    /** Deletes a folder and makes it again, empty: IMAP servers give the new one another UIDVALIDITY. */
    async recreateFolder(user: string, folder: string): Promise<void> {
      await asUser(user, async (client) => {
        await client.mailboxDelete(folder);
        await client.mailboxCreate(folder);
      });
    },
    async uidValidity(user: string, folder: string): Promise<bigint> {
      return await asUser(user, async (client) => {
        const status = await client.status(folder, { uidValidity: true });
        if (!status || status.uidValidity === undefined) throw new Error(`No UIDVALIDITY for ${folder}`);
        return status.uidValidity;
      });
    },
    /** Stops the server, dropping every connection (a server going away mid-sync); `start` brings it back on the same port and mail. */
    stop,
    start,
    async dispose(): Promise<void> {
      await stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export type ImapTestServer = Awaited<ReturnType<typeof startImapServer>>;

function descendantsOf(pid: number): number[] {
  let children: number[];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // The process has exited (its /proc entry may go between any check and the read): it has no children left.
    return [];
  }
  return children.flatMap((child) => [child, ...descendantsOf(child)]);
}

/** Resolves once the process is gone or a zombie, whose sockets are closed: polled, as it is not our child. */
async function exitedProcess(pid: number): Promise<void> {
  for (;;) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      return;
    }
    if (stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z")) return;
    await Bun.sleep(5);
  }
}

async function freeLoopbackPort(): Promise<number> {
  const listener = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = listener.port;
  listener.stop(true);
  return port;
}

/** Waits for the IMAP greeting on the port; fails with Dovecot's own words when it exits first. */
async function acceptsConnections(port: number, dovecot: Subprocess, logFile: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (dovecot.exitCode !== null) {
      const stderr = dovecot.stderr instanceof ReadableStream ? await new Response(dovecot.stderr).text() : "";
      const log = existsSync(logFile) ? await Bun.file(logFile).text() : "";
      throw new Error(`The test IMAP server (Dovecot) exited with ${dovecot.exitCode}: ${stderr}${log}`);
    }
    if (await greets(port)) return;
    await Bun.sleep(25);
  }
  throw new Error(`The test IMAP server (Dovecot) did not accept connections on port ${port} within 5 seconds`);
}

function greets(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.setTimeout(1000);
    socket.once("data", (data) => {
      socket.destroy();
      resolve(data.toString().startsWith("* OK"));
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}
