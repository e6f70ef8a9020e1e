import type { CrmDatabase } from "../database/open.ts";
import { invalid } from "../errors.ts";
import { readSetting, writeSetting, type SettingKey } from "../settings/settings.ts";

export const DEFAULT_SHIPSTATION_API_URL = "https://ssapi.shipstation.com";
export const WEBHOOK_PATH = "/api/webhooks/shipstation";

/** The three secrets staff can set, each also settable by an environment variable that then wins. */
export const SHIPSTATION_SECRETS = {
  apiKey: { setting: "shipstationApiKey", env: "SHIPSTATION_API_KEY", label: "API key" },
  apiSecret: { setting: "shipstationApiSecret", env: "SHIPSTATION_API_SECRET", label: "API secret" },
  webhookSecret: { setting: "shipstationWebhookSecret", env: "SHIPSTATION_WEBHOOK_SECRET", label: "webhook secret" },
} as const satisfies Record<string, { setting: SettingKey; env: string; label: string }>;

export type ShipStationSecretName = keyof typeof SHIPSTATION_SECRETS;

export interface ShipStationConfig {
  apiUrl: string;
  apiKey: string | undefined;
  apiSecret: string | undefined;
  webhookSecret: string | undefined;
}

export interface ConnectionStatus {
  state: "connected" | "error";
  checkedAt: string;
  message: string | null;
}

export function readShipStationConfig(db: CrmDatabase, env: Record<string, string | undefined>): ShipStationConfig {
  const secret = (name: ShipStationSecretName) => env[SHIPSTATION_SECRETS[name].env]?.trim() || readSetting(db, SHIPSTATION_SECRETS[name].setting) || undefined;
  return {
    apiUrl: (env.SHIPSTATION_API_URL?.trim() || DEFAULT_SHIPSTATION_API_URL).replace(/\/+$/, ""),
    apiKey: secret("apiKey"),
    apiSecret: secret("apiSecret"),
    webhookSecret: secret("webhookSecret"),
  };
}

/** What the settings screen may know of a secret: whether it is set, where from, and its last 4 characters. */
export function describeSecret(db: CrmDatabase, env: Record<string, string | undefined>, name: ShipStationSecretName) {
  const fromEnv = env[SHIPSTATION_SECRETS[name].env]?.trim();
  const value = fromEnv || readSetting(db, SHIPSTATION_SECRETS[name].setting);
  return {
    configured: Boolean(value),
    source: fromEnv ? "environment" : value ? "database" : null,
    hint: value ? `…${value.slice(-4)}` : null,
  };
}

const MIN_SECRET_LENGTH = 8;
const MAX_SECRET_LENGTH = 200;

/** Stores one secret; blank values, control characters and implausible lengths are refused. */
export function saveShipStationSecret(db: CrmDatabase, name: ShipStationSecretName, value: string): void {
  const secret = value.trim();
  if (!secret) throw invalid(name, `${name} is required`);
  if (secret.length < MIN_SECRET_LENGTH || secret.length > MAX_SECRET_LENGTH) {
    throw invalid(name, `${name} must be ${MIN_SECRET_LENGTH} to ${MAX_SECRET_LENGTH} characters`);
  }
  if (/[\s\u0000-\u001f\u007f]/.test(secret)) throw invalid(name, `${name} must not contain spaces or control characters`);
  writeSetting(db, SHIPSTATION_SECRETS[name].setting, secret);
  // New credentials make the last connection check meaningless.
  if (name !== "webhookSecret") writeSetting(db, "shipstationConnection", "");
}

export function readConnectionStatus(db: CrmDatabase): ConnectionStatus | null {
  const stored = readSetting(db, "shipstationConnection");
  return stored ? (JSON.parse(stored) as ConnectionStatus) : null;
}

export function recordConnectionStatus(db: CrmDatabase, status: ConnectionStatus): void {
  writeSetting(db, "shipstationConnection", JSON.stringify(status));
}
