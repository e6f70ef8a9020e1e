import { useCallback } from "react";
import useSWR from "swr";
import type { CustomerLifecycleSettings } from "../../contracts/settings.ts";
import { useRefreshAccounts } from "./accounts";
import { apiRequest } from "./client";

export type { CustomerLifecycleSettings };
export { LIFECYCLE_DAYS_LIMITS } from "../../contracts/settings.ts";

export const CUSTOMER_LIFECYCLE_PATH = "/api/settings/customer-lifecycle";

/**
 * The windows of the activity lists, with the write that replaces them (admins only). Saving moves
 * accounts between New, Active and Legacy on the server, so every read of accounts is fetched again.
 */
export function useCustomerLifecycle() {
  const { data, error, mutate } = useSWR<CustomerLifecycleSettings>(CUSTOMER_LIFECYCLE_PATH, { revalidateOnMount: true, dedupingInterval: 0 });
  const refreshAccounts = useRefreshAccounts();
  const retry = useCallback(() => void mutate(), [mutate]);

  const save = useCallback(
    async (settings: CustomerLifecycleSettings): Promise<CustomerLifecycleSettings> => {
      const saved = await apiRequest<CustomerLifecycleSettings>("PUT", CUSTOMER_LIFECYCLE_PATH, settings);
      await mutate(saved, { revalidate: false });
      void refreshAccounts();
      return saved;
    },
    [mutate, refreshAccounts],
  );

  return { settings: data, error, retry, save };
}
