import useSWR from "swr";

/** What GET /api/config answers: the branding and the default login e-mail. */
export interface AppConfig {
  productName: string;
  companyName: string;
  defaultLoginEmail: string;
}

export const APP_CONFIG_KEY = ["/api/config"] as const;

export function useAppConfig(): { config: AppConfig | undefined; isLoading: boolean } {
  const { data, isLoading } = useSWR<AppConfig>(APP_CONFIG_KEY);
  return { config: data, isLoading };
}
