import useSWR from "swr";
import type { AppConfig } from "../../contracts/config.ts";

export type { AppConfig };

export const APP_CONFIG_KEY = ["/api/config"] as const;

export function useAppConfig(): { config: AppConfig | undefined; isLoading: boolean } {
  const { data, isLoading } = useSWR<AppConfig>(APP_CONFIG_KEY);
  return { config: data, isLoading };
}
