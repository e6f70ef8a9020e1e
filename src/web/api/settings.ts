import { useCallback } from "react";
import useSWR from "swr";
import type { IntegrationSettings, ShipStationApiGeneration, ShipStationSecretName } from "../../contracts/settings.ts";
import { apiRequest } from "./client";

export const SETTINGS_PATH = "/api/settings";

export type {
  ConnectionState,
  ConnectionStatus,
  SecretDescription,
  ShipStationApiGeneration,
  ShipStationSecretName,
  ShipStationSettings,
} from "../../contracts/settings.ts";
export type { WebhookEventSummary } from "../../contracts/webhooks.ts";

/**
 * The ShipStation settings, with the writes that change them: each write's answer replaces what is shown.
 * Fetched again each time the screen opens: webhooks arrive and colleagues change settings meanwhile,
 * and the badge must tell the truth. The cached answer stays on screen until the new one arrives.
 */
export function useShipStationSettings() {
  const { data, error, mutate } = useSWR<IntegrationSettings>(SETTINGS_PATH, { revalidateOnMount: true, dedupingInterval: 0 });
  const retry = useCallback(() => void mutate(), [mutate]);

  const saveSecret = useCallback(
    async (name: ShipStationSecretName, value: string): Promise<void> => {
      const answer = await apiRequest<IntegrationSettings>("PATCH", SETTINGS_PATH, { [name]: value });
      await mutate(answer, { revalidate: false });
    },
    [mutate],
  );

  const chooseGeneration = useCallback(
    async (generation: ShipStationApiGeneration): Promise<void> => {
      const answer = await apiRequest<IntegrationSettings>("PATCH", SETTINGS_PATH, { generation });
      await mutate(answer, { revalidate: false });
    },
    [mutate],
  );

  const testConnection = useCallback(async () => {
    const answer = await apiRequest<IntegrationSettings>("POST", `${SETTINGS_PATH}/shipstation/test`);
    await mutate(answer, { revalidate: false });
    return answer.shipstation;
  }, [mutate]);

  return { settings: data?.shipstation, error, retry, saveSecret, chooseGeneration, testConnection };
}
