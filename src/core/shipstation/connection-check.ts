import type { CrmDatabase } from "../database/open.ts";
import { ShipStationClient, ShipStationFailure } from "./shipstation-client.ts";
import { readShipStationConfig, recordConnectionStatus, type ConnectionCheck } from "./shipstation-settings.ts";

/** Long enough for a slow network, short enough for a person watching the button. */
const CHECK_TIMEOUT_MS = 15_000;

/**
 * Calls ShipStation once with the stored credentials and remembers the outcome for the status badge. A
 * failure is said in words for the person who pressed Test Connection: what failed and what to check.
 */
export async function checkShipStationConnection(
  db: CrmDatabase,
  env: Record<string, string | undefined>,
  options: { timeoutMs?: number } = {},
): Promise<ConnectionCheck> {
  const config = readShipStationConfig(db, env);
  let status: ConnectionCheck;
  if (!config.apiKey || !config.apiSecret) {
    status = { state: "error", checkedAt: new Date().toISOString(), message: "Set the API key and API secret first" };
  } else {
    const timeoutMs = options.timeoutMs ?? CHECK_TIMEOUT_MS;
    try {
      const client = new ShipStationClient(
        { apiUrl: config.apiUrl, apiKey: config.apiKey, apiSecret: config.apiSecret },
        { retryDelaysMs: [], timeoutMs, waitOutRateLimit: false },
      );
      await client.get(`${config.apiUrl}/orders?pageSize=1`);
      status = { state: "connected", checkedAt: new Date().toISOString(), message: null };
    } catch (error) {
      status = { state: "error", checkedAt: new Date().toISOString(), message: connectionProblem(error, config.apiUrl, timeoutMs) };
    }
  }
  recordConnectionStatus(db, status);
  return status;
}

/** What failed, in words, and what to check. */
function connectionProblem(error: unknown, apiUrl: string, timeoutMs: number): string {
  if (!(error instanceof ShipStationFailure)) return `ShipStation's answer could not be read (${describe(error)}). Check that ${apiUrl} is ShipStation's API address.`;
  const { reason, status, retryAfterSeconds, cause } = error.details;
  switch (reason) {
    case "unreachable":
      return `Cannot reach ShipStation at ${new URL(apiUrl).host}: ${networkProblem(cause, timeoutMs)}. Check the server's internet access, DNS and proxy settings.`;
    case "refused_credentials":
      return `ShipStation refused the API key and secret (${status}). Check both in ShipStation under Settings → API Settings, then save them here again.`;
    case "rate_limited":
      return `ShipStation is limiting requests with this API key (429, too many requests). Wait ${seconds(retryAfterSeconds ?? 60)} and test again.`;
    case "server_error":
      return `ShipStation had an error of its own (${status}). The settings here are not at fault; try again later.`;
    case "unexpected_answer":
      return `ShipStation answered ${status}, which its API does not answer here. Check that ${apiUrl} is ShipStation's API address.`;
  }
}

/** Why no answer came, from what fetch threw: Bun gives system errors their code, a timeout its name. */
function networkProblem(cause: unknown, timeoutMs: number): string {
  const { code, name } = (cause ?? {}) as { code?: unknown; name?: unknown };
  if (name === "TimeoutError") return `no answer within ${seconds(Math.round(timeoutMs / 1000))}`;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "the server could not look up its address (DNS)";
  if (code === "ECONNREFUSED") return "the connection was refused";
  if (code === "ECONNRESET") return "the connection was cut off";
  return `the connection failed (${typeof code === "string" ? code : describe(cause)})`;
}

function seconds(count: number): string {
  return count === 1 ? "1 second" : `${count} seconds`;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
