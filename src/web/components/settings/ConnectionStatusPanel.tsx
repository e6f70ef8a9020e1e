import type { ConnectionStatus, ShipStationSettings } from "../../api/settings";
import { useWrite } from "../../ui/use-write";
import { formatUsDateTime } from "../../format/dates";
import { Button } from "../../ui/Button";
import { RefreshIcon } from "../../ui/icons";
import { connectionBadge } from "./status-badges";
import { StatusBadge } from "../../ui/StatusBadge";

export interface ConnectionStatusPanelProps {
  status: ConnectionStatus;
  /** Calls ShipStation with the saved credentials; resolves to the settings with the new status. Administrators only. */
  onTest?: () => Promise<ShipStationSettings>;
}

/**
 * Whether ShipStation accepted the saved credentials when last tested, why not, and for administrators a
 * button to test them again (a test calls ShipStation with them and resets what everyone sees).
 */
export function ConnectionStatusPanel({ status, onTest }: ConnectionStatusPanelProps) {
  const canTest = status.state !== "not_configured";
  // The test itself succeeds when ShipStation refuses the credentials: its answer says so.
  const { run, isPending: isTesting } = useWrite<ShipStationSettings>({
    success: ({ status: tested }) =>
      tested.state === "connected"
        ? { title: "Connection successful" }
        : { variant: "destructive", title: "Connection failed", description: tested.message ?? "ShipStation did not accept the saved credentials." },
    failureTitle: "Connection failed",
  });

  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3" data-testid="shipstation-status">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <StatusBadge badge={connectionBadge(status.state)} state={status.state} testId="shipstation-status-badge" />
          <span className="text-sm text-slate-500">{statusLine(status, onTest !== undefined)}</span>
        </div>
        {onTest && (
          <Button size="sm" icon={RefreshIcon} onClick={() => void run(onTest)} disabled={!canTest || isTesting} data-testid="shipstation-test-connection">
            {isTesting ? "Testing..." : "Test Connection"}
          </Button>
        )}
      </div>
      {status.state === "error" && status.message && (
        <p className="mt-2 text-sm break-words text-red-700" data-testid="shipstation-status-message">
          {status.message}
        </p>
      )}
    </div>
  );
}

/** What the status means; how to connect is said only to those who may (administrators, who can test). */
export function statusLine(status: ConnectionStatus, mayConnect: boolean): string {
  if (status.state === "not_configured") return mayConnect ? "Save the API Key and API Secret to connect." : "An administrator has not connected ShipStation yet.";
  if (!status.checkedAt) return "Not tested since the credentials were saved.";
  return `Last tested ${formatUsDateTime(status.checkedAt)}`;
}
