import type { Server } from "bun";
import dashboard from "../web/index.html";
import type { CrmDatabase } from "../core/database/open.ts";
import { createApp } from "./app.ts";

export interface ServeOptions {
  db: CrmDatabase;
  port: number;
  hostname: string;
  env: Record<string, string | undefined>;
}

/**
 * Serves the API under /api and the dashboard for every other path, so that the browser's router
 * owns the URLs. The dashboard is bundled into the binary at build time.
 */
export function startServer(options: ServeOptions): Server<undefined> {
  const clientAddresses = new WeakMap<Request, string>();
  const app = createApp({
    db: options.db,
    env: options.env,
    clientAddress: (request) => clientAddresses.get(request) ?? "unknown",
  });
  return Bun.serve({
    port: options.port,
    hostname: options.hostname,
    development: process.env.NODE_ENV !== "production",
    routes: {
      "/api/*": (request, server) => {
        clientAddresses.set(request, server.requestIP(request)?.address ?? "unknown");
        return app.handle(request);
      },
      "/*": dashboard,
    },
  });
}
