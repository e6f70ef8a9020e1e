import { ApiError } from "../../api/client";
import { Button } from "../Button";
import { AlertCircleIcon, RefreshIcon } from "../icons";

export function AccountsLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center px-6 py-16 text-center" data-testid="accounts-error">
      <AlertCircleIcon className="size-8 text-red-500" />
      <p className="mt-3 text-sm font-medium text-slate-900">The accounts could not be loaded.</p>
      <p className="mt-1 text-sm text-slate-500">{error instanceof ApiError ? error.serverMessage : "The server could not be reached."}</p>
      <Button icon={RefreshIcon} className="mt-4" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
