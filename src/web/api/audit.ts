import { useCallback } from "react";
import useSWR from "swr";
import type { AuditEntry, AuditListQuery, AuditRetentionSettings } from "../../contracts/audit.ts";
import { apiRequest, apiUrl } from "./client";
import { useCountedPage } from "./paged-reads";

export { ACTOR_SOURCES, AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_RETENTION_CHOICES } from "../../contracts/audit.ts";
export type { ActorSource, AuditAction, AuditEntity, AuditEntry, AuditFieldChange, AuditRetention } from "../../contracts/audit.ts";

/** What the Audit screen filters by: the contract's query without its paging. */
export type AuditFilters = Omit<AuditListQuery, "limit" | "offset">;

const AUDIT_PATH = "/api/admin/audit";
export const AUDIT_RETENTION_PATH = "/api/settings/audit-retention";

/** Entries a page of the Audit screen shows. */
export const AUDIT_PAGE_SIZE = 50;

/** One page of the audit trail, newest first, with how many entries match (useCountedPage), read afresh as the screen opens. */
export function useAuditTrail(filters: AuditFilters, limit: number, offset: number) {
  return useCountedPage<AuditEntry>(auditTrailUrl(filters, limit, offset), { revalidateOnMount: true });
}

export function auditTrailUrl(filters: AuditFilters, limit: number, offset: number): string {
  return apiUrl(AUDIT_PATH, { ...filters, limit, offset });
}

/** How long the trail keeps entries, with the write that changes it (administrators only). */
export function useAuditRetention() {
  const { data, error, mutate } = useSWR<AuditRetentionSettings>(AUDIT_RETENTION_PATH, { revalidateOnMount: true, dedupingInterval: 0 });
  const retry = useCallback(() => void mutate(), [mutate]);
  const save = useCallback(
    async (settings: AuditRetentionSettings): Promise<AuditRetentionSettings> => {
      const saved = await apiRequest<AuditRetentionSettings>("PUT", AUDIT_RETENTION_PATH, settings);
      await mutate(saved, { revalidate: false });
      return saved;
    },
    [mutate],
  );
  return { settings: data, error, retry, save };
}
