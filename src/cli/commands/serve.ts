import { Command } from "commander";
import { deleteExpiredSessions } from "../../core/auth/sessions.ts";
import { otherOpeners } from "../../core/database/openers.ts";
import { mailboxesFromEnvironment } from "../../core/mail/mailboxes.ts";
import { readBranding } from "../../core/settings/branding.ts";
import { DEFAULT_ADMIN_EMAIL, ensureFirstAdmin } from "../../core/users/first-admin.ts";
import { openPrivateDatabase, resolveDataDir, withDataDir } from "../data-dir.ts";
import { AllowedHosts } from "../../server/middleware/allowed-hosts.ts";
import { UsageError } from "../program.ts";
import { readMailSettings } from "../../core/outgoing-mail/mail-settings.ts";

interface ServeFlags {
  port?: string;
  host?: string;
  dataDir?: string;
  adminEmail?: string;
  trustProxy?: boolean;
  allowedHosts?: string;
}

export function serveCommand(): Command {
  return withDataDir(
    new Command("serve")
      .description("run the dashboard, the JSON API and the ShipStation webhook")
      .option("-p, --port <port>", "port to listen on (env PORT)")
      .option("--host <host>", "address to listen on (env HOST)")
      .option("--admin-email <email>", "e-mail of the administrator created on first start (env CRM_ADMIN_EMAIL)")
      .option("--trust-proxy", "behind a reverse proxy: take the client's address from X-Forwarded-For and HTTPS from X-Forwarded-Proto (env CRM_TRUST_PROXY=1)")
      .option(
        "--allowed-hosts <names>",
        "host names the server answers to besides IP addresses, localhost and --host, separated by commas: a reverse proxy's public name (env CRM_ALLOWED_HOSTS)",
      ),
  ).action(serve);
}

async function serve(flags: ServeFlags): Promise<void> {
  const port = parsePort(flags.port ?? process.env.PORT ?? "3000");
  const allowedHosts = parseAllowedHosts(flags.allowedHosts ?? process.env.CRM_ALLOWED_HOSTS);
  const hostname = flags.host ?? process.env.HOST ?? "127.0.0.1";
  // Before anything starts: a wrong mail setting stops the server here, naming its variable.
  const mailSettings = readMailSettings(process.env);
  const dataDir = resolveDataDir(flags);
  // A mistake in CRM_MAIL_IMAP stops the start, naming the variable, rather than each mail sync after it.
  mailboxesFromEnvironment(process.env);
  const { db, file, close } = openPrivateDatabase(dataDir, "server");
  // One server per data directory: its webhook intake file and its background work (backups, the daily
  // lists pass, mail) are written as by one process.
  if (otherOpeners(file).includes("server")) {
    close();
    throw new Error(`Another crm serve is running on ${dataDir}: stop it first, or give this one a data directory of its own with --data-dir`);
  }
  deleteExpiredSessions(db);
  const firstAdmin = await ensureFirstAdmin(db, flags.adminEmail ?? process.env.CRM_ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL);

  // Loaded on demand: the other commands need not load the dashboard bundle.
  const { startServer } = await import("../../server/serve.ts");
  const trustProxy = flags.trustProxy === true || process.env.CRM_TRUST_PROXY === "1";
  const server = listening(() => startServer({ db, dataDir, port, hostname, env: process.env, trustProxy, allowedHosts }), hostname, port);
  const { productName } = readBranding(db);
  process.stdout.write(`${productName} is running at ${server.url.href}\nDatabase: ${file}\n`);
  process.stdout.write(mailSettings ? `E-mail: sent through ${mailSettings.smtp.host}:${mailSettings.smtp.port} from ${mailSettings.from}\n` : "E-mail: none sent (CRM_MAIL_SMTP is not set)\n");
  // Behind a proxy the listening address is no address staff can open: say so, rather than mail dead links.
  if (mailSettings && !mailSettings.publicUrl) {
    process.stdout.write(`"Forgot password?" e-mails link to ${server.url.origin}: set CRM_PUBLIC_URL to the address staff open the CRM at\n`);
  }
  if (firstAdmin) {
    process.stdout.write(
      `\nFirst start: an administrator was created. Sign in with\n  e-mail:   ${firstAdmin.user.email}\n  password: ${firstAdmin.password}\nThe password is shown only this once.\n`,
    );
  }

  await new Promise<void>((resolve) => {
    const shutDown = async () => {
      process.off("SIGINT", shutDown);
      process.off("SIGTERM", shutDown);
      process.stdout.write("Stopping: finishing requests in flight...\n");
      await server.stop();
      close();
      resolve();
    };
    process.on("SIGINT", shutDown);
    process.on("SIGTERM", shutDown);
  });
}

/** Starts the server, saying in the CLI's words what to do when its address is taken or not this machine's. */
function listening<Server>(start: () => Server, hostname: string, port: number): Server {
  try {
    return start();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === "EADDRINUSE") throw new Error(`Port ${port} on ${hostname} is in use: stop what listens there, or choose another port with --port`);
    if (code === "EADDRNOTAVAIL") throw new Error(`${hostname} is not an address of this machine: choose another with --host`);
    throw error;
  }
}

function parseAllowedHosts(value: string | undefined): string[] {
  const names = AllowedHosts.parse(value);
  const wrong = names.find((name) => !HOST_NAME.test(name));
  if (wrong !== undefined) throw new UsageError(`--allowed-hosts takes host names without scheme or port, like crm.example.com, not "${wrong}"`);
  return names;
}

const HOST_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a number from 0 to 65535, not "${value}"`);
  return port;
}
