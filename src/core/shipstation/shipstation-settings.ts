import {
  SHIPSTATION_API_GENERATIONS,
  SHIPSTATION_SECRET_LENGTH,
  type ShipStationApiGeneration,
  type ShipStationConnectionStatus,
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
export const DEFAULT_SHIPSTATION_V2_API_URL = "https://api.shipstation.com";
/** Where ShipStation publishes the public keys its V2 webhooks are signed with. */
export const DEFAULT_SHIPSTATION_V2_JWKS_URL = "https://api.shipengine.com/jwks";

/** The secrets staff can set, each also settable by an environment variable that then wins. */
const SHIPSTATION_SECRETS = {
  apiKey: { setting: "shipstationApiKey", env: "SHIPSTATION_API_KEY" },
  apiSecret: { setting: "shipstationApiSecret", env: "SHIPSTATION_API_SECRET" },
  webhookSecret: { setting: "shipstationWebhookSecret", env: "SHIPSTATION_WEBHOOK_SECRET" },
  v2ApiKey: { setting: "shipstationV2ApiKey", env: "SHIPSTATION_V2_API_KEY" },
} as const satisfies Record<ShipStationSecretName, { setting: SettingKey; env: string }>;

export interface ShipStationConfig {
  /** The generation backfills and Test Connection use (usedGeneration). */
  generation: ShipStationApiGeneration;
  apiUrl: string;
  apiKey: string | undefined;
  apiSecret: string | undefined;
  webhookSecret: string | undefined;
  v2ApiUrl: string;
  v2ApiKey: string | undefined;
  v2JwksUrl: string;
}

/** The outcome of the last call made with the saved credentials, remembered for the status badge. */
export interface ConnectionCheck {
  state: "connected" | "error";
  /** ISO date-time. */
  checkedAt: string;
  /** The generation called. */
  generation: ShipStationApiGeneration;
  /** What failed and what to check, or, connected, which generation answered and what the key may do. */
  message: string | null;
}

export function readShipStationConfig(db: CrmDatabase, env: Record<string, string | undefined>): ShipStationConfig {
  const secret = (name: ShipStationSecretName) => env[SHIPSTATION_SECRETS[name].env]?.trim() || readSetting(db, SHIPSTATION_SECRETS[name].setting) || undefined;
  const address = (value: string | undefined, fallback: string) => (value?.trim() || fallback).replace(/\/+$/, "");
  const apiKey = secret("apiKey");
  const apiSecret = secret("apiSecret");
  const v2ApiKey = secret("v2ApiKey");
  return {
    generation: usedGeneration(readGenerationChoice(db), { v1Configured: Boolean(apiKey && apiSecret), v1Begun: Boolean(apiKey || apiSecret), v2Configured: Boolean(v2ApiKey) }),
    apiUrl: address(env.SHIPSTATION_API_URL, DEFAULT_SHIPSTATION_API_URL),
    apiKey,
    apiSecret,
    webhookSecret: secret("webhookSecret"),
    v2ApiUrl: address(env.SHIPSTATION_V2_API_URL, DEFAULT_SHIPSTATION_V2_API_URL),
    v2ApiKey,
    v2JwksUrl: env.SHIPSTATION_V2_JWKS_URL?.trim() || DEFAULT_SHIPSTATION_V2_JWKS_URL,
  };
}

/**
 * readShipStationConfig for every webhook delivery, remembered in the one cache (database/answer-cache.ts)
 * until anything in crm.db changes: saving a secret or a choice in Settings moves it at once, another
 * process's save within milliseconds. Read afresh, the settings cost more than the rest of taking a
 * delivery in but its signature check. The environment's part is in the key, so each environment has its own.
 */
export function rememberedShipStationConfig(db: CrmDatabase, env: Record<string, string | undefined>): ShipStationConfig {
  return db.answers.remember(`shipstationConfig:${CONFIG_ENV_NAMES.map((name) => env[name] ?? "").join("\n")}`, () => readShipStationConfig(db, env));
}

/** Every environment variable readShipStationConfig reads. */
const CONFIG_ENV_NAMES = [...Object.values(SHIPSTATION_SECRETS).map((secret) => secret.env), "SHIPSTATION_API_URL", "SHIPSTATION_V2_API_URL", "SHIPSTATION_V2_JWKS_URL"];

/**
 * The generation in use: the one chosen in Settings; without a choice, the one whose credentials are set,
 * V1 when both are (as before V2 was offered), then the one begun (V1's key without its secret); with
 * nothing set, V2, which ShipStation offers on every plan and recommends for new integrations.
 */
export function usedGeneration(chosen: ShipStationApiGeneration | undefined, credentials: { v1Configured: boolean; v1Begun: boolean; v2Configured: boolean }): ShipStationApiGeneration {
  if (chosen) return chosen;
  if (credentials.v1Configured) return "v1";
  if (credentials.v2Configured) return "v2";
  return credentials.v1Begun ? "v1" : "v2";
}

function readGenerationChoice(db: CrmDatabase): ShipStationApiGeneration | undefined {
  const chosen = readSetting(db, "shipstationApiGeneration");
  return (SHIPSTATION_API_GENERATIONS as readonly string[]).includes(chosen ?? "") ? (chosen as ShipStationApiGeneration) : undefined;
}

/** Whether the generation in use has its credentials: V1 both key and secret, V2 its key. */
export function generationConfigured(config: ShipStationConfig): boolean {
  return config.generation === "v2" ? Boolean(config.v2ApiKey) : Boolean(config.apiKey && config.apiSecret);
}

/** Chooses the generation backfills and Test Connection use; the last connection check no longer says anything. */
export function chooseShipStationGeneration(db: CrmDatabase, generation: ShipStationApiGeneration, actor: Actor): void {
  inTransaction(db, () => {
    const before = readSetting(db, "shipstationApiGeneration");
    writeSetting(db, "shipstationApiGeneration", generation);
    writeSetting(db, "shipstationConnection", "");
    announceChange(db, {
      type: "setting_changed",
      setting: "ShipStation",
      changes: [{ field: "shipstation.generation", old: before ? before.toUpperCase() : null, new: generation.toUpperCase() }],
      actor,
      at: new Date(),
    });
  });
}

/** What everyone signed in may know of the integration: where it points, which secrets are set (never their values), whether it works. */
export interface ShipStationDescription {
  generation: ShipStationApiGeneration;
  apiUrl: string;
  apiKey: SecretDescription;
  apiSecret: SecretDescription;
  webhookSecret: SecretDescription;
  v2ApiUrl: string;
  v2ApiKey: SecretDescription;
  status: ShipStationConnectionStatus;
}

export function describeShipStation(db: CrmDatabase, env: Record<string, string | undefined>): ShipStationDescription {
  const config = readShipStationConfig(db, env);
  return {
    generation: config.generation,
    apiUrl: config.apiUrl,
    apiKey: describeSecret(db, env, "apiKey"),
    apiSecret: describeSecret(db, env, "apiSecret"),
    webhookSecret: describeSecret(db, env, "webhookSecret"),
    v2ApiUrl: config.v2ApiUrl,
    v2ApiKey: describeSecret(db, env, "v2ApiKey"),
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

/** The badge's state: not configured without the generation's credentials, unchecked until someone tests new ones. */
function connectionStatus(db: CrmDatabase, config: ShipStationConfig): ShipStationConnectionStatus {
  if (!generationConfigured(config)) return { state: "not_configured", checkedAt: null, generation: null, message: null };
  const stored = readSetting(db, "shipstationConnection");
  if (!stored) return { state: "unchecked", checkedAt: null, generation: null, message: null };
  // A check saved before V2 was offered was V1's.
  const check = JSON.parse(stored) as ConnectionCheck;
  return { ...check, generation: check.generation ?? "v1" };
}

export function recordConnectionStatus(db: CrmDatabase, status: ConnectionCheck): void {
  writeSetting(db, "shipstationConnection", JSON.stringify(status));
}
