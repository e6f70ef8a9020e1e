import { LockIcon } from "./icons";

/** In place of a screen the signed-in user's role may not open (the server would answer 403 to its reads). */
export function NotAllowed({ what }: { what: string }) {
  return (
    <div role="alert" className="flex flex-col items-center rounded-xl border border-slate-200 bg-white px-6 py-16 text-center shadow-sm" data-testid="not-allowed">
      <LockIcon className="size-8 text-slate-400" />
      <p className="mt-3 text-sm font-medium text-slate-900">Not allowed</p>
      <p className="mt-1 text-sm text-slate-500">Only administrators can see {what}.</p>
    </div>
  );
}
