import {
  SHIPSTATION_SECRET_LENGTH,
  type ConnectionStatus,
  type SecretDescription,
  type ShipStationSecretName,
} from "../../contracts/settings.ts";
import type { CrmDatabase } from "../database/open.ts";
import { invalid } from "../errors.ts";
import { announceChange } from "../changes/change-feed.ts";
import type { Actor } from "../changes/actor.ts";
import { maskedChange } from "../changes/field-changes.ts";
import { inTransaction } from "../database/transaction.ts";
import { readSetting, writeSetting, type SettingKey } from "../settings/settings.ts";

export const DEFAULT_SHIPSTATION_API_URL = "https://ssapi.shipstation.com";

/** The three secrets staff can set, each also settable by an environment variable that then wins. */
const SHIPSTATION_SECRETS = {
  apiKey: { setting: "shipstationApiKey", env: "SHIPSTATION_API_KEY" },
  apiSecret: { setting: "shipstationApiSecret", env: "SHIPSTATION_API_SECRET" },
  webhookSecret: { setting: "shipstationWebhookSecret", env: "SHIPSTATION_WEBHOOK_SECRET" },
} as const satisfies Record<ShipStationSecretName, { setting: SettingKey; env: string }>;

export interface ShipStationConfig {
  apiUrl: string;
  apiKey: string | undefined;
  apiSecret: string | undefined;
  webhookSecret: string | undefined;
}

/** The outcome of the last call made with the saved credentials, remembered for the status badge. */
export interface ConnectionCheck {
  state: "connected" | "error";
  /** ISO date-time. */
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

/** What everyone signed in may know of the integration: where it points, which secrets are set (never their values), whether it works. */
export interface ShipStationDescription {
  apiUrl: string;
  apiKey: SecretDescription;
  apiSecret: SecretDescription;
  webhookSecret: SecretDescription;
  status: ConnectionStatus;
}

export function describeShipStation(db: CrmDatabase, env: Record<string, string | undefined>): ShipStationDescription {
  const config = readShipStationConfig(db, env);
  return {
    apiUrl: config.apiUrl,
    apiKey: describeSecret(db, env, "apiKey"),
    apiSecret: describeSecret(db, env, "apiSecret"),
    webhookSecret: describeSecret(db, env, "webhookSecret"),
    status: connectionStatus(db, config),
  };
}

/** What the settings screen may know of a secret: whether it is set, where from, and its last 4 characters. */
function describeSecret(db: CrmDatabase, env: Record<string, string | undefined>, name: ShipStationSecretName): SecretDescription {
  const fromEnv = env[SHIPSTATION_SECRETS[name].env]?.trim();
  const value = fromEnv || readSetting(db, SHIPSTATION_SECRETS[name].setting);
  return {
    configured: Boolean(value),
    source: fromEnv ? "environment" : value ? "database" : null,
    hint: value ? `…${value.slice(-4)}` : null,
  };
}

const { min: MIN_SECRET_LENGTH, max: MAX_SECRET_LENGTH } = SHIPSTATION_SECRET_LENGTH;

/** Stores one secret; blank values, control characters and implausible lengths are refused. */
export function saveShipStationSecret(db: CrmDatabase, name: ShipStationSecretName, value: string, actor: Actor): void {
  const secret = value.trim();
  if (!secret) throw invalid(name, `${name} is required`);
  if (secret.length < MIN_SECRET_LENGTH || secret.length > MAX_SECRET_LENGTH) {
    throw invalid(name, `${name} must be ${MIN_SECRET_LENGTH} to ${MAX_SECRET_LENGTH} characters`);
  }
  if (/[\s\u0000-\u001f\u007f]/.test(secret)) throw invalid(name, `${name} must not contain spaces or control characters`);
  inTransaction(db, () => {
    const setting = SHIPSTATION_SECRETS[name].setting;
    const before = readSetting(db, setting);
    writeSetting(db, setting, secret);
    // New credentials make the last connection check meaningless.
    if (name !== "webhookSecret") writeSetting(db, "shipstationConnection", "");
    // Masked: the audit says that the secret changed, never any of it.
    announceChange(db, { type: "setting_changed", setting: "ShipStation", changes: [maskedChange(`shipstation.${name}`, before !== undefined && before !== "")], actor, at: new Date() });
  });
}

/** The badge's state: not configured without both API credentials, unchecked until someone tests new ones. */
function connectionStatus(db: CrmDatabase, config: ShipStationConfig): ConnectionStatus {
  if (!config.apiKey || !config.apiSecret) return { state: "not_configured", checkedAt: null, message: null };
  const stored = readSetting(db, "shipstationConnection");
  return stored ? (JSON.parse(stored) as ConnectionCheck) : { state: "unchecked", checkedAt: null, message: null };
}

export function recordConnectionStatus(db: CrmDatabase, status: ConnectionCheck): void {
  writeSetting(db, "shipstationConnection", JSON.stringify(status));
}
