import { describeFailure } from "../api/client";
import { Button } from "./Button";
import { AlertCircleIcon, RefreshIcon } from "./icons";

export interface LoadErrorProps {
  /** What failed to load: 'The accounts could not be loaded.' */
  title: string;
  error: unknown;
  onRetry: () => void;
  /** Less padding, for a part of a card rather than a whole one. */
  compact?: boolean;
  testId?: string;
}

/** A read that failed, in place of what it should have shown, with the reason and a Retry button. */
export function LoadError({ title, error, onRetry, compact = false, testId }: LoadErrorProps) {
  return (
    <div role="alert" className={`flex flex-col items-center px-6 text-center ${compact ? "py-8" : "py-16"}`} data-testid={testId}>
      <AlertCircleIcon className="size-8 text-red-500" />
      <p className="mt-3 text-sm font-medium text-slate-900">{title}</p>
      <p className="mt-1 text-sm text-slate-500">{describeFailure(error).message}</p>
      <Button icon={RefreshIcon} className="mt-4" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
