import type { BackfillState } from "../../api/backfill";
import type { ConnectionState } from "../../api/settings";
import type { StatusBadgeContent } from "../../ui/StatusBadge";

const CONNECTION_BADGES: Record<ConnectionState, StatusBadgeContent> = {
  connected: { label: "Connected", tone: "green" },
  not_configured: { label: "Not configured", tone: "grey" },
  unchecked: { label: "Not tested", tone: "amber" },
  error: { label: "Connection error", tone: "red" },
};

/** What the integration's badge says: only what the last test found, never more. */
export function connectionBadge(state: ConnectionState): StatusBadgeContent {
  return CONNECTION_BADGES[state];
}

const BACKFILL_BADGES: Record<BackfillState, StatusBadgeContent> = {
  running: { label: "Running", tone: "blue" },
  succeeded: { label: "Completed", tone: "green" },
  failed: { label: "Failed", tone: "red" },
  interrupted: { label: "Interrupted", tone: "amber" },
};

export function backfillBadge(state: BackfillState): StatusBadgeContent {
  return BACKFILL_BADGES[state];
}

/** Whether a team member can sign in. */
export function memberStatusBadge(active: boolean): StatusBadgeContent {
  return active ? { label: "Active", tone: "green" } : { label: "Deactivated", tone: "grey" };
}
