import type { BackfillState } from "../../api/backfill";
import type { ConnectionState } from "../../api/settings";
import type { StatusBadgeContent } from "../../ui/StatusBadge";

/** The badge of each state something can be in, looked up by its state. */
function badgeByState<State extends string>(badges: Record<State, StatusBadgeContent>): (state: State) => StatusBadgeContent {
  return (state) => badges[state];
}

/** What the integration's badge says: only what the last test found, never more. */
export const connectionBadge = badgeByState<ConnectionState>({
  connected: { label: "Connected", tone: "green" },
  not_configured: { label: "Not configured", tone: "grey" },
  unchecked: { label: "Not tested", tone: "amber" },
  error: { label: "Connection error", tone: "red" },
});

export const backfillBadge = badgeByState<BackfillState>({
  running: { label: "Running", tone: "blue" },
  succeeded: { label: "Completed", tone: "green" },
  failed: { label: "Failed", tone: "red" },
  interrupted: { label: "Interrupted", tone: "amber" },
});

/** Whether a team member can sign in. */
export function memberStatusBadge(active: boolean): StatusBadgeContent {
  return active ? { label: "Active", tone: "green" } : { label: "Deactivated", tone: "grey" };
}
