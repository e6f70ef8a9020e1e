import { useCallback } from "react";
import useSWR from "swr";
import { apiRequest } from "./client";

const SETTINGS_PATH = "/api/settings";

/** The secrets of the ShipStation integration, each saved on its own. */
export type ShipStationSecretName = "webhookSecret" | "apiKey" | "apiSecret";

/** What the dashboard may know of a secret: never its value, only whether and where it is set, and its end. */
export interface SecretDescription {
  configured: boolean;
  /** An environment variable overrides what is saved here, and cannot be changed from the dashboard. */
  source: "environment" | "database" | null;
  /** The last 4 characters after an ellipsis: '…abcd'; null when not configured. */
  hint: string | null;
}

/** Whether the saved credentials work: 'unchecked' until someone tests them after they change. */
export type ConnectionState = "connected" | "not_configured" | "unchecked" | "error";

export interface ConnectionStatus {
  state: ConnectionState;
  /** ISO date-time of the last test; null before the first. */
  checkedAt: string | null;
  /** Why the last test failed; null otherwise. */
  message: string | null;
}

/** A webhook event given up on after its retries. */
export interface FailedWebhookEvent {
  id: number;
  /** 'ORDER_NOTIFY', 'SHIP_NOTIFY'… */
  resourceType: string;
  lastError: string | null;
  /** ISO date-time. */
  receivedAt: string;
}

/** ShipStation's webhook calls as the server works through them. */
export interface WebhookEventSummary {
  /** Received and waiting for their first attempt or a retry. */
  pending: number;
  done: number;
  failed: number;
  /** The latest failures, newest first. */
  recentFailures: FailedWebhookEvent[];
}

export interface ShipStationSettings {
  apiUrl: string;
  /** Where ShipStation is to send its webhooks, on this site: '/api/webhooks/shipstation'. */
  webhookPath: string;
  apiKey: SecretDescription;
  apiSecret: SecretDescription;
  webhookSecret: SecretDescription;
  status: ConnectionStatus;
  webhookEvents: WebhookEventSummary;
}

/** What GET and PATCH /api/settings and POST /api/settings/shipstation/test answer. */
interface SettingsAnswer {
  shipstation: ShipStationSettings;
}

/**
 * The ShipStation settings, with the writes that change them: each write's answer replaces what is shown.
 * Fetched again each time the screen opens: webhooks arrive and colleagues change settings meanwhile,
 * and the badge must tell the truth. The cached answer stays on screen until the new one arrives.
 */
export function useShipStationSettings() {
  const { data, error, mutate } = useSWR<SettingsAnswer>(SETTINGS_PATH, { revalidateOnMount: true, dedupingInterval: 0 });
  const retry = useCallback(() => void mutate(), [mutate]);

  const saveSecret = useCallback(
    async (name: ShipStationSecretName, value: string): Promise<void> => {
      const answer = await apiRequest<SettingsAnswer>("PATCH", SETTINGS_PATH, { [name]: value });
      await mutate(answer, { revalidate: false });
    },
    [mutate],
  );

  const testConnection = useCallback(async () => {
    const answer = await apiRequest<SettingsAnswer>("POST", `${SETTINGS_PATH}/shipstation/test`);
    await mutate(answer, { revalidate: false });
    return answer.shipstation;
  }, [mutate]);

  return { settings: data?.shipstation, error, retry, saveSecret, testConnection };
}
