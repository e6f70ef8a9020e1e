import type { CrmDatabase } from "../database/open.ts";
import { ShipStationFailure } from "./shipstation-client.ts";
import { generationConfigured, readShipStationConfig, recordConnectionStatus, type ConnectionCheck } from "./shipstation-settings.ts";
import { orderSourceFor } from "./order-source.ts";

/** Long enough for a slow network, short enough for a person watching the button. */
const CHECK_TIMEOUT_MS = 15_000;

/**
 * Calls ShipStation once with the credentials of the generation in use and remembers the outcome for the
 * status badge, with which generation answered and what its key may do. A failure is said in words for the
 * person who pressed Test Connection: what failed and what to check.
 */
export async function checkShipStationConnection(
  db: CrmDatabase,
  env: Record<string, string | undefined>,
  options: { timeoutMs?: number } = {},
): Promise<ConnectionCheck> {
  const config = readShipStationConfig(db, env);
  const { generation } = config;
  const checkedAt = () => new Date().toISOString();
  let status: ConnectionCheck;
  if (!generationConfigured(config)) {
    const missing = generation === "v2" ? "Set the V2 API key first" : "Set the API key and API secret first";
    status = { state: "error", checkedAt: checkedAt(), generation, message: missing };
  } else {
    const timeoutMs = options.timeoutMs ?? CHECK_TIMEOUT_MS;
    const apiUrl = generation === "v2" ? config.v2ApiUrl : config.apiUrl;
    try {
      const source = orderSourceFor(db, config, generation, { retryDelaysMs: [], timeoutMs, waitOutRateLimit: false });
      status = { state: "connected", checkedAt: checkedAt(), generation, message: await source.checkConnection() };
    } catch (error) {
      status = { state: "error", checkedAt: checkedAt(), generation, message: connectionProblem(error, apiUrl, timeoutMs, generation) };
    }
  }
  recordConnectionStatus(db, status);
  return status;
}

/** What failed, in words, and what to check. */
function connectionProblem(error: unknown, apiUrl: string, timeoutMs: number, generation: "v1" | "v2"): string {
  if (!(error instanceof ShipStationFailure)) return `ShipStation's answer could not be read (${describe(error)}). Check that ${apiUrl} is ShipStation's API address.`;
  const { reason, status, retryAfterSeconds, cause } = error.details;
  switch (reason) {
    case "unreachable":
      return `Cannot reach ShipStation at ${new URL(apiUrl).host}: ${networkProblem(cause, timeoutMs)}. Check the server's internet access, DNS and proxy settings.`;
    case "refused_credentials":
      return generation === "v2"
        ? `ShipStation's V2 API refused the API key (${status}). Check it in ShipStation under Settings → Account → API Settings (V2), then save it here again.`
        : `ShipStation refused the API key and secret (${status}). Check both in ShipStation under Settings → API Settings, then save them here again.`;
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
