import type { CrmDatabase } from "../database/open.ts";
import { ShipStationClient } from "./shipstation-client.ts";
import { readShipStationConfig, recordConnectionStatus, type ConnectionCheck } from "./shipstation-settings.ts";

/** Calls ShipStation once with the stored credentials and remembers the outcome for the status badge. */
export async function checkShipStationConnection(db: CrmDatabase, env: Record<string, string | undefined>): Promise<ConnectionCheck> {
  const config = readShipStationConfig(db, env);
  let status: ConnectionCheck;
  if (!config.apiKey || !config.apiSecret) {
    status = { state: "error", checkedAt: new Date().toISOString(), message: "Set the API key and API secret first" };
  } else {
    try {
      const client = new ShipStationClient({ apiUrl: config.apiUrl, apiKey: config.apiKey, apiSecret: config.apiSecret }, { retryDelaysMs: [], timeoutMs: 15_000 });
      await client.get(`${config.apiUrl}/orders?pageSize=1`);
      status = { state: "connected", checkedAt: new Date().toISOString(), message: null };
    } catch (error) {
      status = { state: "error", checkedAt: new Date().toISOString(), message: error instanceof Error ? error.message : String(error) };
    }
  }
  recordConnectionStatus(db, status);
  return status;
}
