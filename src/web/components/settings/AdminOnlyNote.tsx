import { LockIcon } from "../../ui/icons";

/** Tells someone who is not an administrator why a card's controls are disabled. */
export function AdminOnlyNote({ testId = "settings-admin-note" }: { testId?: string }) {
  return (
    <p className="flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600" data-testid={testId}>
      <LockIcon className="size-4 shrink-0" />
      Only administrators can change these settings.
    </p>
  );
}
