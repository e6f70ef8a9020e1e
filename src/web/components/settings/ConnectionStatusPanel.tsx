import type { ConnectionStatus } from "../../api/settings";
import { useWrite } from "../../ui/use-write";
import { formatUsDateTime } from "../../format/dates";
import { Button } from "../../ui/Button";
import { RefreshIcon } from "../../ui/icons";
import { connectionBadge } from "./status-badges";
import { StatusBadge } from "../../ui/StatusBadge";

/** What a connection is to, in words. */
export interface ConnectionWords {
  /** Who answers: 'ShipStation', 'The storage'. */
  service: string;
  /** What an administrator does first: 'Save the API Key and API Secret to connect.' */
  howToConnect: string;
  /** What everyone else is told before then: 'An administrator has not connected ShipStation yet.' */
  notConnected: string;
}

export interface ConnectionStatusPanelProps {
  status: ConnectionStatus;
  words: ConnectionWords;
  /** Calls the service with the saved credentials; resolves to what holds the new status. Administrators only. */
  onTest?: () => Promise<{ status: ConnectionStatus }>;
  /** Prefix of the hooks: `${testId}`, `${testId}-badge`, `${testId}-message`, `${testId}-test`. */
  testId: string;
}

/**
 * Whether a service accepted the saved credentials when last tested, why not, and for administrators a
 * button to test them again (a test calls the service with them and resets what everyone sees).
 */
export function ConnectionStatusPanel({ status, words, onTest, testId }: ConnectionStatusPanelProps) {
  const canTest = status.state !== "not_configured";
  // The test itself succeeds when the service refuses the credentials: its answer says so.
  const { run, isPending: isTesting } = useWrite<{ status: ConnectionStatus }>({
    success: ({ status: tested }) =>
      tested.state === "connected"
        ? { title: "Connection successful" }
        : { variant: "destructive", title: "Connection failed", description: tested.message ?? `${words.service} did not accept the saved credentials.` },
    failureTitle: "Connection failed",
  });

  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3" data-testid={testId}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <StatusBadge badge={connectionBadge(status.state)} state={status.state} testId={`${testId}-badge`} />
          <span className="text-sm text-slate-500">{statusLine(status, words, onTest !== undefined)}</span>
        </div>
        {onTest && (
          <Button size="sm" icon={RefreshIcon} onClick={() => void run(onTest)} disabled={!canTest || isTesting} data-testid={`${testId}-test`}>
            {isTesting ? "Testing..." : "Test Connection"}
          </Button>
        )}
      </div>
      {status.message && (status.state === "error" || status.state === "connected") && (
        <p className={`mt-2 text-sm break-words ${status.state === "error" ? "text-red-700" : "text-slate-600"}`} data-testid={`${testId}-message`}>
          {status.message}
        </p>
      )}
    </div>
  );
}

/** What the status means; how to connect is said only to those who may (administrators, who can test). */
export function statusLine(status: ConnectionStatus, words: ConnectionWords, mayConnect: boolean): string {
  if (status.state === "not_configured") return mayConnect ? words.howToConnect : words.notConnected;
  if (!status.checkedAt) return "Not tested since the credentials were saved.";
  return `Last tested ${formatUsDateTime(status.checkedAt)}`;
}
